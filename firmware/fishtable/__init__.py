"""fishtable: a table-side companion for Hi Fisch!, Hecht im Karpfenteich and Yo Fish!."""

VERSION = "0.1.0"
