# El IVA para un particular en España: el total del trabajo grande más la cuota.
from gpucoste.base.formato import dolares, euros, fecha, nivel, porcentaje
from gpucoste.calculo import alternativas
from gpucoste.dinero import moneda

iva = moneda.dato("iva_general_es")
c = alternativas.comparar("H100 80GB", alternativas.trabajo_grande())
barata = c.iloc[0]
total = barata["total_min"]
print(
    f"Con el tipo general ({porcentaje(iva.valor)}, vigente desde el "
    f"{fecha(iva.fecha)}), el trabajo "
    f"grande en {barata['proveedor']} "
    f"({nivel(barata['nivel'], barata['proveedor'])}) pasa de "
    f"{dolares(total)} a "
    f"{dolares(moneda.con_iva(total))} "
    f"({euros(moneda.a_euros(moneda.con_iva(total)))}) si el proveedor te cobra el IVA."
)
