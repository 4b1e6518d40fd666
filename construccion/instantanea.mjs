// Instantánea de memoria de Pyodide para las calculadoras (la llama construccion/navegador.py al
// construir): Python ya arrancado y la biblioteca gpucoste ya importada. En el navegador, cargar esta
// instantánea (la opción _loadSnapshot de loadPyodide, la de Pyodide 0.27 y posteriores) se salta el
// arranque del intérprete, que es casi todo el tiempo hasta el primer resultado.
//
// Uso: node instantanea.mjs <carpeta de Pyodide> <rueda de gpucoste> <salida .bin.gz>
//
// Mismos bytes en cada construcción: la hora y el azar que ve Python mientras arranca son fijos (el
// secreto de hash y las marcas de tiempo de los ficheros quedan escritos en la instantánea).
import { createRequire } from "node:module";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [carpeta, rueda, salida] = process.argv.slice(2);

let semilla = 1;
function azarFijo(vista) {
  const bytes = new Uint8Array(vista.buffer, vista.byteOffset, vista.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    semilla = (Math.imul(semilla, 1103515245) + 12345) >>> 0;
    bytes[i] = semilla >>> 24;
  }
  return vista;
}
globalThis.crypto.getRandomValues = azarFijo;
createRequire(import.meta.url)("node:crypto").randomFillSync = azarFijo;
Date.now = () => Date.UTC(2000, 0, 1);
performance.now = () => 0;

const { loadPyodide } = await import(pathToFileURL(`${carpeta}/pyodide.mjs`).href);
// Como en el navegador: el mismo nombre de programa (sin la ruta de este script) y el mismo entorno.
const pyodide = await loadPyodide({ indexURL: `${carpeta}/`, _makeSnapshot: true, _sysExecutable: "./this.program" });
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
pyodide.unpackArchive(new Uint8Array(readFileSync(rueda)), "wheel", { extractDir: sitePackages });
pyodide.runPython("import importlib; importlib.invalidate_caches(); import gpucoste.navegador as n; n.precargar()");
const instantanea = pyodide.makeMemorySnapshot();
const temporal = `${salida}.${process.pid}.tmp`;
writeFileSync(temporal, gzipSync(instantanea, { level: 6 }));
renameSync(temporal, salida); // atómico: dos construcciones a la vez no se pisan
