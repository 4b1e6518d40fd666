# Las fuentes de la calculadora: los proveedores de API y la luz que hay en los datos.
from gpucoste.base.formato import lista
from gpucoste.dinero import mercado

api = lista(sorted({p.proveedor for p in mercado.precios_api()}))
hogares = sorted(mercado.electricidad(), key=lambda e: e.pais)
luz = mercado.fuentes_de_luz(hogares)
print(
    f"- Precios de la API por token ({api}): `api_precios.csv`. "
    "Descuentos de reserva e interrumpibles de Vast.ai: `modalidades.csv`. "
    f"Electricidad de un hogar, impuestos incluidos, de {luz}: `electricidad.csv`. "
    "Reventa (estimación): `reventa.csv`. Cada fila, con su fuente y su fecha."
)
