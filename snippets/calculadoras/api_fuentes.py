# Las fuentes de la calculadora, con los proveedores de API y el organismo de la luz que hay en los datos.
from gpucoste import mercado
from gpucoste.formato import lista, periodo

proveedores = sorted({p.proveedor for p in mercado.precios_api()})
luz = mercado.precio_kwh()
print(
    f"- Precios de la API por token ({lista(proveedores)}): `api_precios.csv`. Descuentos de reserva e "
    f"interrumpibles de Vast.ai: `modalidades.csv`. Electricidad de un hogar de {luz.pais} ({luz.organismo}, "
    f"{periodo(luz.periodo)}, impuestos incluidos): `electricidad.csv`. Reventa (estimación): `reventa.csv`. "
    "Cada fila, con su fuente y su fecha."
)
