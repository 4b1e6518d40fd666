# Costes ocultos: disco cobrado con la instancia detenida, transferencia y arranque.
from gpucoste import datos
from gpucoste.base.formato import dolares, euros, lista, mes, numero, rango
from gpucoste.calculo import experimento, ocultos
from gpucoste.dinero import moneda, proveedores

s = datos.supuestos()
disco = datos.tarifa("Vast.ai", "almacenamiento")
tabla = experimento.tabla()
barata = tabla.loc[tabla["coste"].idxmin()]

olvidada = ocultos.imagen_olvidada("Vast.ai")
tarifa = rango(disco.precio_min_usd, disco.precio_max_usd)
imagen = numero(s["imagen_gb"].valor_min, 0)
n_meses = s["meses_olvidada"].valor_min
meses = "un mes" if n_meses == 1 else f"{numero(n_meses, 0)} meses"
print(
    "- **Almacenamiento.** Se cobra aunque la instancia esté detenida. "
    f"A {tarifa} US$ por GB y mes ({disco.proveedor}, {mes(disco.fecha)}), "
    f"una imagen Docker de {imagen} GB olvidada {meses} cuesta "
    f"{rango(olvidada.minimo, olvidada.maximo)} US$: "
    f"entre {numero(olvidada.minimo / barata['coste'], 1)} y "
    f"{numero(olvidada.maximo / barata['coste'], 1)} veces el coste del trabajo más "
    "barato de la tabla, "
    f"el de la {barata['GPU']}, de {dolares(barata['coste'])}."
)
dataset = numero(s["dataset_gb"].valor_min, 0)
modelo = numero(s["modelo_miles_de_millones"].valor_min, 0)
meses_tarifas = sorted({t.fecha[:7] for t in datos.tarifas()})
fechas = lista([mes(f) for f in meses_tarifas])
anos = {f[:4] for f in meses_tarifas}
if len(anos) == 1:  # «septiembre y noviembre de 2026», sin repetir el año
    fechas = (
        f"{lista([mes(f).split(' de ')[0] for f in meses_tarifas])} de {anos.pop()}"
    )
print(
    f"- **Transferencia.** Subir un dataset de {dataset} GB y bajar un "
    f"checkpoint del modelo de {modelo}B en bf16 "
    f"({numero(ocultos.gb_checkpoint(), 0)} GB) cuesta, según el proveedor "
    f"(tarifas de {fechas}):"
)


def importe(r: ocultos.Rango) -> str:
    return "gratis" if r.maximo == 0 else f"{rango(r.minimo, r.maximo)} US$"


for proveedor in sorted({t.proveedor for t in datos.tarifas()}):
    partes = ocultos.partidas_transferencia(proveedor)
    total = ocultos.transferencia(proveedor)
    if total is not None:
        texto = importe(total)
        gratis = ocultos.gb_gratis_mes(proveedor, "bajada")
        if gratis and total.minimo < total.maximo:
            texto += (
                f" (nada si ese mes aún no has gastado los {numero(gratis, 0)} GB "
                "de salida gratis; la tarifa entera si ya los has gastado)"
            )
    elif partes["bajada"] is not None:
        texto = (
            f"salida {importe(partes['bajada'])} (lo publica el proveedor); "
            "la entrada no tiene tarifa en los datos"
        )
    else:
        politica = proveedores.politica(proveedor, "transferencia")
        texto = "ninguna tarifa en los datos"
        if politica is not None:
            texto = f"sin tarifa única ({politica.valor})"
    print(f"    - {proveedor}: {texto}.")
arranque = s["minutos_arranque"]
print(
    "- **Tiempo de arranque.** Descargar la imagen y los pesos puede llevar "
    f"{rango(arranque.valor_min, arranque.valor_max, 0)} minutos; "
    "si se factura a precio de GPU, el coste real por trabajo queda así:"
)

tabla_real = ocultos.tabla_coste_real()
alineacion = ["left"] + ["right"] * (tabla_real.shape[1] - 1)
print()
print(tabla_real.to_markdown(index=False, colalign=alineacion))
if (tabla_real["transferencia (US$)"] == "sin dato").any():
    print("\nDonde la transferencia no tiene dato, el coste real no la incluye.")
en_euros = ocultos.euros_coste_real()
print(
    f"\nEn euros, el coste real va de {euros(en_euros.minimo)} "
    f"a {euros(en_euros.maximo)}. {moneda.nota_tipo_de_cambio()}"
)
