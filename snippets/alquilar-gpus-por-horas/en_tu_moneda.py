# El trabajo más barato, en la moneda de cada país: con su impuesto,
# su tipo de cambio y su fecha.
from gpucoste.base.formato import fecha, lista, porcentaje, rango
from gpucoste.calculo import ocultos
from gpucoste.dinero import mercado, paises

real = ocultos.coste_real()
barato = real.loc[real["total_min"].idxmin()]
total = rango(barato["total_min"], barato["total_max"])
print(
    f"El trabajo más barato de la tabla, en la {barato['GPU']}, cuesta {total} US$ "
    "sin impuestos. Para un particular de cada país:"
)
print()
print("| país | impuesto | total con impuesto | tipo de cambio |")
print("|:--|--:|--:|:--|")
con_anticipo = []
for p in paises.paises():
    if p.moneda == "USD":
        continue
    bajo, alto = (
        paises.en_local(barato[c], p).local for c in ("total_min", "total_max")
    )
    local = rango(bajo, alto, paises.DECIMALES.get(p.moneda, 2))
    unidad = "€" if p.moneda == "EUR" else p.moneda
    impuesto = f"{p.nombre_impuesto} {porcentaje(p.impuesto)}"
    cambio = paises.nota_cambio(p)
    print(f"| {p.pais} | {impuesto} | {local}\N{NO-BREAK SPACE}{unidad} | {cambio} |")
    if p.anticipo:
        con_anticipo.append(p)
for p in con_anticipo:
    print(
        f"\nEn {p.pais}, pagar con tarjeta en dólares suma además una percepción del "
        f"{porcentaje(p.anticipo)} a cuenta de otro impuesto, que se recupera después. "
        f"Está {paises.vigencia_anticipo(p)}."
    )
print("\nEn todos, tu tarjeta puede añadir su recargo por pagar en otra moneda.")
for c in paises.compras_locales():
    p = paises.pais(c.pais)
    precio = paises.cantidad(c.precio_local, c.moneda)
    print(
        f"\nEn {p.pais}, la {c.gpu} costaba {precio} con {p.nombre_impuesto} "
        f"en la tienda (dato del {fecha(c.fecha)}): con `--pais {p.codigo}`, "
        "`gpucoste comprar` usa ese precio en lugar del de EE. UU."
    )
con_luz = sorted({e.pais for e in mercado.electricidad()})
sin_luz = [
    p.pais for p in paises.paises() if p.moneda != "USD" and p.pais not in con_luz
]
if sin_luz:
    print(
        "\nSolo hay precio del kWh doméstico con fuente para "
        f"{lista(con_luz)}; para {lista(sin_luz)}, las órdenes que cuentan la luz "
        "te piden el tuyo (`--precio-kwh`, en dólares)."
    )
