# ¿Comprar la GPU o alquilarla? Con electricidad, reventa y horas de uso al mes.
from gpucoste import datos
from gpucoste.base import formato
from gpucoste.base.formato import dolares, mes, nivel, numero, periodo, tipo_precio
from gpucoste.calculo import compra
from gpucoste.dinero import mercado, paises
from gpucoste.guia import decisiones

gpu = decisiones.GPU_ALQUILADA
equipo = datos.equipo(gpu)
alquiler = decisiones.precio_gpu_alquilada()
luz = decisiones.luz()
vatios = decisiones.vatios(gpu)
reventa = mercado.reventa(gpu)
print(
    f"- **Compra:** {dolares(equipo.precio_compra_usd, 0)} "
    f"({equipo.nota[0].lower() + equipo.nota[1:]}; "
    f"{mes(equipo.fecha)})."
)
otras = [
    f"{dolares(o.precio_compra_usd, 0)} ({o.estado}, {o.mercado}, {mes(o.fecha)})"
    for o in datos.opciones_compra(gpu)
    if o != equipo
] + [
    f"{paises.cantidad(c.precio_local, c.moneda)} con impuestos en una tienda de "
    f"{paises.pais(c.pais).pais} ({mes(c.fecha)})"
    for c in paises.compras_locales()
    if c.gpu == gpu
]
usado = (
    "la cuenta usa el de arriba; en el formulario, con tu país elegido, el de su "
    "tienda si lo hay"
)
if otras:
    print(f"- **Otros precios de compra:** {'; '.join(otras)}; {usado}.")
else:
    print(
        "- **Otros precios de compra:** ninguno en los datos (ni de la GPU nueva en "
        f"tienda ni de reventa) para la {gpu}: {usado}."
    )
print(
    f"- **Alquiler:** {dolares(alquiler.precio_hora_usd)}/h ({alquiler.proveedor}, "
    f"{nivel(alquiler.nivel, alquiler.proveedor)}, {mes(alquiler.fecha)}, "
    f"{tipo_precio(alquiler.tipo)})."
)
otros = [e for e in mercado.electricidad() if e.pais != decisiones.PAIS_LUZ]
print(
    f"- **Electricidad:** {numero(vatios, 0)} W a {numero(luz.precio_kwh, 4)} €/kWh "
    f"(hogar español, {luz.organismo}, {periodo(luz.periodo)}), "
    f"{numero(luz.usd_kwh, 4)} US$/kWh a {luz.cambio}: "
    f"{dolares(vatios / 1000 * luz.usd_kwh, 3)} por hora de uso. En el formulario, "
    "con el kWh vacío y tu país elegido, se usa el de un hogar de ese país si hay uno "
    "con fuente: "
    + (mercado.fuentes_de_luz(otros) if otros else "ninguno más por ahora")
    + "; para los demás, escribe el de tu factura."
)
print(
    f"- **Reventa:** entre el {formato.porcentaje(reventa.fraccion_min)} y el "
    f"{formato.porcentaje(reventa.fraccion_max)} del precio de compra "
    f"({reventa.origen})."
)
print()
print(
    formato.tabla(
        decisiones.tabla_comprar(gpu),
        {"meses": 1, "horas de uso": 0, "coste en el equilibrio (US$)": 2},
    )
)
sin_luz = compra.horas_equivalentes(equipo.precio_compra_usd, alquiler.precio_hora_usd)
print(
    f"\nSin electricidad ni reventa, la compra equivale a {numero(sin_luz, 0)} "
    "horas de alquiler; con la electricidad, a las de la primera fila."
)
