"""Servir el sitio construido como lo sirve GitHub Pages (bajo su sub-ruta, con gzip si se pide) y abrir
Chromium de Debian sin descargar ningún navegador. Lo usan tests/sitio/test_navegador.py y tests/rendimiento/."""

from __future__ import annotations

import contextlib
import gzip
import http.server
import pathlib
import shutil
import sys
import threading
from collections.abc import Iterator
from urllib.parse import unquote, urlparse

# La sub-ruta de site_url en mkdocs.yml: en GitHub Pages el sitio vive en /gpucoste/.
SUBRUTA = "/gpucoste/"
CHROMIUM = "/usr/bin/chromium"
# Sin tráfico propio del navegador (actualizaciones, sincronización…): toda petición registrada es de la página.
ARGUMENTOS_CHROMIUM = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Los tipos que GitHub Pages comprime con gzip.
COMPRIMIBLES = (
    "text/html",
    "text/css",
    "application/javascript",
    "text/javascript",
    "application/json",
    "image/svg+xml",
)


def _manejador(raiz: pathlib.Path, comprimir: bool) -> type[http.server.SimpleHTTPRequestHandler]:
    class Manejador(http.server.SimpleHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, directory=str(raiz), **kwargs)

        def log_message(self, *args) -> None:  # sin ruido en la salida de pytest
            pass

        def do_GET(self) -> None:  # noqa: N802 (nombre impuesto por http.server)
            ruta = unquote(urlparse(self.path).path)
            if not ruta.startswith(SUBRUTA):
                return self._enviar(raiz / "404.html", 404)
            fichero = raiz / ruta.removeprefix(SUBRUTA)
            if fichero.is_dir():
                if not ruta.endswith("/"):
                    self.send_response(301)
                    self.send_header("Location", ruta + "/")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return None
                fichero = fichero / "index.html"
            if not fichero.resolve().is_relative_to(raiz.resolve()) or not fichero.is_file():
                return self._enviar(raiz / "404.html", 404)
            return self._enviar(fichero, 200)

        def _enviar(self, fichero: pathlib.Path, estado: int) -> None:
            cuerpo = fichero.read_bytes() if fichero.is_file() else b"404"
            tipo = self.guess_type(str(fichero))
            if tipo.startswith("text/") or tipo in ("application/javascript", "application/json"):
                tipo += "; charset=utf-8"
            gz = comprimir and tipo.startswith(COMPRIMIBLES) and "gzip" in self.headers.get("Accept-Encoding", "")
            if gz:
                cuerpo = gzip.compress(cuerpo, compresslevel=6, mtime=0)
            self.send_response(estado)
            self.send_header("Content-Type", tipo)
            self.send_header("Content-Length", str(len(cuerpo)))
            self.send_header("Cache-Control", "max-age=600")
            if gz:
                self.send_header("Content-Encoding", "gzip")
                self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            self.wfile.write(cuerpo)

    return Manejador


class _Servidor(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        """Un navegador que corta la conexión (Lighthouse al terminar, una pestaña cerrada) no es un error del
        servidor: sin su traza en la salida. Cualquier otro error, como siempre."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


@contextlib.contextmanager
def servir(sitio: pathlib.Path, *, comprimir: bool = False) -> Iterator[str]:
    """Sirve ``sitio`` en 127.0.0.1, en un puerto libre, bajo SUBRUTA; da la URL base (acaba en /)."""
    servidor = _Servidor(("127.0.0.1", 0), _manejador(sitio, comprimir))
    servidor.daemon_threads = True
    hilo = threading.Thread(target=servidor.serve_forever, daemon=True)
    hilo.start()
    try:
        yield f"http://127.0.0.1:{servidor.server_address[1]}{SUBRUTA}"
    finally:
        servidor.shutdown()
        servidor.server_close()


def paginas(sitio: pathlib.Path) -> list[str]:
    """Las rutas (relativas a la URL base) de todas las páginas HTML del sitio construido."""
    rutas = []
    for html in sorted(sitio.rglob("*.html")):
        relativa = html.relative_to(sitio).as_posix()
        rutas.append(relativa.removesuffix("index.html"))
    return rutas


def chromium_disponible() -> str | None:
    """Ruta de Chromium de Debian, o None."""
    return CHROMIUM if pathlib.Path(CHROMIUM).exists() else shutil.which("chromium")


def lanzar(playwright, **opciones):
    """Chromium de Debian (nunca uno descargado) con un perfil nuevo y sin tráfico propio."""
    return playwright.chromium.launch(
        executable_path=chromium_disponible() or CHROMIUM,
        headless=True,
        args=ARGUMENTOS_CHROMIUM,
        **opciones,
    )
