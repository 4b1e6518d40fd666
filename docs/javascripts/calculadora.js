// Calculadoras de gpucoste en el navegador: Pyodide (Python en WebAssembly) ejecuta la misma biblioteca que
// construye la página. Todo sale del propio sitio (assets/pyodide/): ni un byte de otro servidor.
// Pyodide solo se descarga cuando el lector entra en un formulario o pulsa su botón.
// El formulario y su resultado con los valores por defecto ya están en la página (se pintan al construir):
// este script solo los mejora. Lo enlaza en cada página con calculadoras docs/.overrides/hooks/navegador.py.

const formularios = [...document.querySelectorAll("form[data-calculadora], form[data-codigo]")];
let cargando = null;

function avisar(texto) {
  for (const form of formularios) form.querySelector(".gc-estado").textContent = texto;
}

// La instantánea de memoria de Pyodide con la biblioteca ya importada (hecha al construir el sitio por
// docs/.overrides/hooks/instantanea.mjs), descomprimida; null si no la hay: entonces Python arranca sin ella.
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
    // Cómo arrancó (lo miran las pruebas, tests/test_calculadoras_navegador.py).
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

function limpiarErrores(form) {
  for (const campo of form.querySelectorAll("[aria-invalid]")) campo.removeAttribute("aria-invalid");
  for (const error of form.querySelectorAll(".gc-error")) error.textContent = "";
}

async function calcular(form) {
  const pyodide = await cargar(form);
  avisar("Calculando…");
  const valores = {};
  for (const campo of form.querySelectorAll("input[name], select[name]")) valores[campo.name] = campo.value;
  const navegador = pyodide.pyimport("gpucoste.navegador");
  const respuesta = JSON.parse(navegador.calcular_json(form.dataset.calculadora, JSON.stringify(valores)));
  navegador.destroy();
  limpiarErrores(form);
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

for (const form of formularios) {
  const original = form.querySelector(".gc-resultado, .gc-salida");
  const grafico = form.querySelector(".gc-grafico");
  // El resultado publicado se copia la primera vez que se va a cambiar, no al cargar la página: leer el
  // innerHTML de una tabla y un SVG grandes era una tarea larga en la carga (Lighthouse móvil).
  let copia = null;
  let copiaGrafico = null;
  const guardar = () => {
    copia ??= original.innerHTML;
    copiaGrafico ??= grafico?.innerHTML;
  };
  form.addEventListener("focusin", () => cargar(form).catch(() => {}), { once: true });
  form.addEventListener("submit", (evento) => {
    evento.preventDefault();
    guardar();
    const accion = form.dataset.calculadora ? calcular(form) : ejecutar(form);
    accion
      .catch((error) => avisar(`Error: ${error.message}`))
      // Cuántos cálculos van (lo esperan las pruebas, tests/test_calculadoras_navegador.py).
      .finally(() => {
        form.dataset.calculos = String(Number(form.dataset.calculos || 0) + 1);
      });
  });
  form.addEventListener("reset", () => {
    limpiarErrores(form);
    if (copia !== null) original.innerHTML = copia;
    if (grafico && copiaGrafico !== null) grafico.innerHTML = copiaGrafico;
    avisar("");
  });
  form.dataset.listo = "1";
}
