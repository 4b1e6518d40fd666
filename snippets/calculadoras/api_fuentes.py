# Las fuentes de la calculadora: los proveedores de API y la luz que hay en los datos.
from gpucoste import mercado
from gpucoste.formato import lista, periodo

api = lista(sorted({p.proveedor for p in mercado.precios_api()}))
luz = mercado.precio_kwh()
print(
    f"- Precios de la API por token ({api}): `api_precios.csv`. "
    "Descuentos de reserva e interrumpibles de Vast.ai: `modalidades.csv`. "
    f"Electricidad de un hogar de {luz.pais} ({luz.organismo}, "
    f"{periodo(luz.periodo)}, impuestos incluidos): `electricidad.csv`. "
    "Reventa (estimación): `reventa.csv`. Cada fila, con su fuente y su fecha."
)
