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

// Una sola carga de Pyodide y de la rueda por página, la pida quien la pida.
function cargar(form) {
  if (cargando) return cargando;
  cargando = (async () => {
    const base = new URL(form.dataset.pyodide, location.href).href;
    avisar(`Cargando Python en tu navegador (${form.dataset.peso} la primera vez; después, de la caché)…`);
    const { loadPyodide } = await import(`${base}pyodide.mjs`);
    const pyodide = await loadPyodide({ indexURL: base });
    avisar("Preparando la biblioteca gpucoste…");
    const respuesta = await fetch(new URL(form.dataset.rueda, location.href));
    if (!respuesta.ok) throw new Error(`no se pudo descargar la biblioteca (HTTP ${respuesta.status})`);
    const rueda = await respuesta.arrayBuffer();
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
  if (respuesta.error) {
    // Nunca una cifra con un dato malo: fuera la tabla, y el mensaje de la biblioteca junto al campo.
    const campo = respuesta.campo && form.querySelector(`[name="${respuesta.campo}"]`);
    resultado.replaceChildren();
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
  const copia = original.innerHTML;
  form.addEventListener("focusin", () => cargar(form).catch(() => {}), { once: true });
  form.addEventListener("submit", (evento) => {
    evento.preventDefault();
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
    original.innerHTML = copia;
    avisar("");
  });
  form.dataset.listo = "1";
}
