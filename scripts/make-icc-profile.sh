#!/usr/bin/env bash
# Remakes assets/icc/HexforgeCoatedFOGRA39.icc, the CMYK output profile that PDFs written with
# --set cmyk=true carry as their PDF/X output intent. Only a maintainer needs this: the profile is
# committed, so users and CI never run it. Needs Debian's argyll (colprof) and icc-profiles-free
# (FOGRA39L.ti3: Fogra's characterization data for ISO 12647-2 coated paper, zlib licence).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp /usr/share/color/icc/FOGRA39L.ti3 "$work/"
# -ql/-bl: small tables (average error 0.5 dE against the measurements); -nc: without the
# measurements themselves (29 KB instead of 155 KB);
# -l 330: the total ink limit of the FOGRA39 printing condition.
(cd "$work" && colprof -ql -bl -nc -l 330 -A "Hexforge" -M "FOGRA39" \
  -D "Hexforge Coated FOGRA39 (ISO 12647-2:2004)" \
  -C "zlib licence. Made with ArgyllCMS colprof from FOGRA39L.ti3 (Fogra measurements; icc-profiles-free, Kai-Uwe Behrmann)" \
  -O HexforgeCoatedFOGRA39.icc FOGRA39L)
cp "$work/HexforgeCoatedFOGRA39.icc" assets/icc/
