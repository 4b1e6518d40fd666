// Calculadoras de gpucoste en el navegador: Pyodide (Python en WebAssembly) ejecuta la misma biblioteca que
// construye la página. Todo sale del propio sitio (assets/pyodide/): ni un byte de otro servidor.
// Pyodide solo se descarga cuando el lector entra en un formulario o pulsa su botón.
// El formulario y su resultado con los valores por defecto ya están en la página (se pintan al construir):
// este script solo los mejora. Lo enlaza en cada página con calculadoras construccion/navegador.py.

const formularios = [...document.querySelectorAll("form[data-calculadora], form[data-codigo]")];
let cargando = null;
// El ancho del móvil de calculadora.css (el de Material para pantallas pequeñas).
const MOVIL = "(max-width: 44.9375em)";

function avisar(texto) {
  for (const form of formularios) form.querySelector(".gc-estado").textContent = texto;
}

// La instantánea de memoria de Pyodide con la biblioteca ya importada (hecha al construir el sitio por
// construccion/instantanea.mjs), descomprimida; null si no la hay: entonces Python arranca sin ella.
async function instantanea(form) {
  if (!form.dataset.instantanea) return null;
  try {
    const respuesta = await fetch(new URL(form.dataset.instantanea, location.href));
    if (!respuesta.ok) return null;
    const bytes = new Uint8Array(await respuesta.arrayBuffer());
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes; // el servidor ya la entregó descomprimida
    const plano = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(plano).arrayBuffer());
  } catch {
    return null;
  }
}

// Una sola carga de Pyodide y de la rueda por página, la pida quien la pida.
function cargar(form) {
  if (cargando) return cargando;
  cargando = (async () => {
    const base = new URL(form.dataset.pyodide, location.href).href;
    avisar(`Cargando Python en tu navegador (${form.dataset.peso} la primera vez; después, de la caché)…`);
    const descarga = fetch(new URL(form.dataset.rueda, location.href)).then((respuesta) => {
      if (!respuesta.ok) throw new Error(`no se pudo descargar la biblioteca (HTTP ${respuesta.status})`);
      return respuesta.arrayBuffer();
    });
    const [{ loadPyodide }, memoria] = await Promise.all([import(`${base}pyodide.mjs`), instantanea(form)]);
    let pyodide = null;
    if (memoria) {
      // Con la instantánea, Python ya está arrancado y gpucoste importado; si no sirve, se arranca sin ella.
      pyodide = await loadPyodide({ indexURL: base, _loadSnapshot: memoria }).catch(() => null);
    }
    // Cómo arrancó (lo miran las pruebas, tests/navegador/test_paginas.py).
    document.documentElement.dataset.gcArranque = pyodide ? "instantanea" : "completo";
    pyodide ??= await loadPyodide({ indexURL: base });
    avisar("Preparando la biblioteca gpucoste…");
    const rueda = await descarga;
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    pyodide.unpackArchive(rueda, "wheel", { extractDir: sitePackages });
    pyodide.runPython("import importlib; importlib.invalidate_caches(); import gpucoste.navegador");
    return pyodide;
  })();
  cargando.catch((error) => {
    cargando = null; // se puede volver a intentar
    avisar(`No se pudo cargar Python en el navegador: ${error.message}`);
  });
  return cargando;
}

// Los resultados viajan: los campos de cada calculadora en la URL («?cabe.modelo=…#gc-cabe»), la orden de
// gpucoste que imprime lo mismo y la tabla en CSV. Los tres los escribe la biblioteca (gpucoste.navegador:
// enlace, orden_cli y tabla_csv) a partir de los campos declarados: aquí solo se colocan.
function compartir(form, respuesta) {
  const zona = form.querySelector(".gc-compartir");
  if (!zona) return;
  zona.hidden = !respuesta; // sin cifras (un dato que no vale), nada que compartir
  if (!respuesta) return;
  zona.querySelector(".gc-orden code").textContent = respuesta.orden;
  zona.querySelector(".gc-csv").href = respuesta.csv;
  zona.querySelector(".gc-enlace").href = respuesta.enlace;
  // La barra de direcciones también: recargar o copiar la URL reproduce el resultado. Se quedan los parámetros
  // de las otras calculadoras de la página.
  const url = new URL(location.href);
  const nuevo = new URL(respuesta.enlace, location.href);
  quitarDeLaUrl(form, url);
  for (const [clave, valor] of nuevo.searchParams) url.searchParams.set(clave, valor);
  url.hash = nuevo.hash;
  history.replaceState(history.state, "", url);
}

function quitarDeLaUrl(form, url) {
  const prefijo = `${form.dataset.calculadora}.`;
  for (const clave of [...url.searchParams.keys()]) if (clave.startsWith(prefijo)) url.searchParams.delete(clave);
}

// Los valores de la URL en los campos de ``form``; true si había alguno (entonces se calcula al cargar).
function desdeLaUrl(form) {
  const prefijo = `${form.dataset.calculadora}.`;
  const parametros = new URLSearchParams(location.search);
  let alguno = false;
  for (const campo of form.querySelectorAll("input[name], select[name], textarea[name]")) {
    const valor = parametros.get(prefijo + campo.name);
    if (valor === null) continue;
    alguno = true;
    if (campo.tagName === "SELECT" && ![...campo.options].some((o) => o.value === valor)) {
      // Un valor que no está en la lista (un enlace retocado): se calcula igual y la biblioteca lo rechaza
      // junto al campo, con su mensaje, en vez de calcular en silencio con otro.
      const opcion = new Option(valor, valor);
      opcion.dataset.deLaUrl = "1";
      campo.add(opcion);
    }
    campo.value = valor;
  }
  return alguno;
}

async function copiarOrden(form) {
  const codigo = form.querySelector(".gc-orden code");
  const estado = form.querySelector(".gc-estado");
  try {
    await navigator.clipboard.writeText(codigo.textContent);
    estado.textContent = "Orden copiada: pégala en una terminal con gpucoste instalado.";
  } catch {
    // Sin permiso para el portapapeles: la orden queda seleccionada para copiarla con el teclado.
    getSelection().selectAllChildren(codigo);
    estado.textContent = "Orden seleccionada: cópiala con Ctrl+C (⌘+C en un Mac).";
  }
}

function limpiarErrores(form) {
  for (const campo of form.querySelectorAll("[aria-invalid]")) campo.removeAttribute("aria-invalid");
  for (const error of form.querySelectorAll(".gc-error")) error.textContent = "";
}

async function calcular(form) {
  const pyodide = await cargar(form);
  avisar("Calculando…");
  const valores = {};
  // El rótulo de cada campo, el que lee el lector (data-rotulo): un error junto al campo empieza por él.
  const rotulos = {};
  for (const campo of form.querySelectorAll("input[name], select[name], textarea[name]")) {
    valores[campo.name] = campo.value;
    rotulos[campo.name] = campo.dataset.rotulo;
  }
  const navegador = pyodide.pyimport("gpucoste.navegador");
  const respuesta = JSON.parse(
    navegador.calcular_json(form.dataset.calculadora, JSON.stringify(valores), JSON.stringify(rotulos)),
  );
  navegador.destroy();
  limpiarErrores(form);
  compartir(form, respuesta.error ? null : respuesta);
  const resultado = form.querySelector(".gc-resultado");
  const grafico = form.querySelector(".gc-grafico");
  if (respuesta.error) {
    // Nunca una cifra con un dato malo: fuera la tabla y el gráfico, y el mensaje de la biblioteca junto al campo.
    const campo = respuesta.campo && form.querySelector(`[name="${respuesta.campo}"]`);
    resultado.replaceChildren();
    grafico?.replaceChildren();
    if (campo) {
      campo.setAttribute("aria-invalid", "true");
      document.getElementById(campo.getAttribute("aria-describedby")).textContent = respuesta.error;
      campo.focus();
      avisar("Hay un dato que no vale: corrígelo y vuelve a calcular.");
    } else {
      const aviso = document.createElement("p");
      aviso.className = "gc-error";
      aviso.textContent = respuesta.error;
      resultado.append(aviso);
      avisar("No hay resultado.");
    }
    return;
  }
  resultado.innerHTML = respuesta.tabla;
  if (grafico) grafico.innerHTML = respuesta.grafico;
  avisar("Calculado en tu navegador.");
  // En un móvil el resultado va delante de los campos (calculadora.css, «La respuesta, en la primera pantalla»):
  // tras calcular se lleva a la vista, porque el botón queda debajo de él.
  if (matchMedia(MOVIL).matches) resultado.scrollIntoView({ block: "start", behavior: "smooth" });
}

async function ejecutar(form) {
  const pyodide = await cargar(form);
  avisar("Ejecutando…");
  const descodificador = new TextDecoder();
  let salida = "";
  pyodide.setStdout({
    write: (bytes) => {
      salida += descodificador.decode(bytes, { stream: true });
      return bytes.length;
    },
  });
  const espacio = pyodide.toPy({ __name__: `codigo-${form.dataset.codigo}` });
  try {
    pyodide.runPython(form.querySelector("textarea").value, { globals: espacio });
    avisar("Ejecutado en tu navegador.");
  } catch (error) {
    // La última línea del traceback: el ValueError en español de la biblioteca, o el error de Python.
    const lineas = String(error.message).trim().split("\n");
    salida += `Error: ${lineas[lineas.length - 1]}\n`;
    avisar("El código dio un error (al final de la salida).");
  } finally {
    pyodide.setStdout();
    espacio.destroy();
  }
  form.querySelector(".gc-salida code").textContent = salida;
}

// Un fichero elegido (el config.json de un modelo) se lee aquí y su texto va a su campo: no se envía a ningún sitio.
const MAX_FICHERO = 10_000_000;
async function leerFichero(entrada, form) {
  const fichero = entrada.files[0];
  const campo = form.querySelector(`[name="${entrada.dataset.para}"]`);
  if (!fichero || !campo) return;
  if (fichero.size > MAX_FICHERO) {
    document.getElementById(campo.getAttribute("aria-describedby")).textContent =
      `${fichero.name} ocupa más de 10 MB; se admite un config.json (unos pocos KB).`;
    return;
  }
  campo.value = await fichero.text();
  avisar(`Leído ${fichero.name}: pulsa «Calcular».`);
}

for (const form of formularios) {
  for (const entrada of form.querySelectorAll("input[type=file][data-para]")) {
    entrada.addEventListener("change", () => leerFichero(entrada, form).catch((error) => avisar(`Error: ${error.message}`)));
  }
  const original = form.querySelector(".gc-resultado, .gc-salida");
  const grafico = form.querySelector(".gc-grafico");
  const zona = form.querySelector(".gc-compartir");
  const copiar = form.querySelector(".gc-copiar");
  if (copiar) {
    copiar.hidden = false; // sin JavaScript no copiaría nada: la orden se lee y se copia a mano
    copiar.addEventListener("click", () => copiarOrden(form));
  }
  // El resultado publicado se copia la primera vez que se va a cambiar, no al cargar la página: leer el
  // innerHTML de una tabla y un SVG grandes era una tarea larga en la carga (Lighthouse móvil).
  let copia = null;
  let copiaGrafico = null;
  let copiaZona = null;
  const guardar = () => {
    copia ??= original.innerHTML;
    copiaGrafico ??= grafico?.innerHTML;
    copiaZona ??= zona && { orden: zona.querySelector(".gc-orden code").textContent, csv: zona.querySelector(".gc-csv").href, enlace: zona.querySelector(".gc-enlace").getAttribute("href") };
  };
  form.addEventListener("focusin", () => cargar(form).catch(() => {}), { once: true });
  form.addEventListener("submit", (evento) => {
    evento.preventDefault();
    guardar();
    const accion = form.dataset.calculadora ? calcular(form) : ejecutar(form);
    accion
      .catch((error) => avisar(`Error: ${error.message}`))
      // Cuántos cálculos van (lo esperan las pruebas, tests/navegador/ con Sesion.enviar de tests/calculadoras_navegador.py).
      .finally(() => {
        form.dataset.calculos = String(Number(form.dataset.calculos || 0) + 1);
      });
  });
  form.addEventListener("reset", () => {
    limpiarErrores(form);
    if (copia !== null) original.innerHTML = copia;
    if (grafico && copiaGrafico !== null) grafico.innerHTML = copiaGrafico;
    if (zona) {
      zona.hidden = false;
      if (copiaZona) {
        zona.querySelector(".gc-orden code").textContent = copiaZona.orden;
        zona.querySelector(".gc-csv").href = copiaZona.csv;
        zona.querySelector(".gc-enlace").setAttribute("href", copiaZona.enlace);
      }
      for (const opcion of form.querySelectorAll("option[data-de-la-url]")) opcion.remove();
      const url = new URL(location.href);
      quitarDeLaUrl(form, url);
      history.replaceState(history.state, "", url);
    }
    avisar("");
  });
  form.dataset.listo = "1";
  // Un enlace con los campos de esta calculadora: se rellenan y se calcula enseguida.
  if (form.dataset.calculadora && desdeLaUrl(form)) form.requestSubmit();
}
