#!/bin/sh
# Paints README's side-by-side thumbnails of the five cover designs (issue 26): one small book,
# each cover.design's front painted by puzzlepress's own painter (preview --listing's
# listing-cover.png, 2000 px wide at 6x9), scaled to a search result's 200 px and set side by side.
# Needs ImageMagick (convert) for the photo's picture, the scaling and the montage.
#   sh docs/cover-designs.sh build/src/cli/puzzlepress examples/previews/cover-designs.png
set -eu
bin=${1:?puzzlepress binary}
out=${2:?output PNG}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# The photo design's picture: a 300 dpi gradient over a 6x9 front with its bleed.
convert -size 1838x2775 gradient:"#f4a261"-"#2a9d8f" "$dir/picture.png"
for design in card band giant pattern photo; do
  {
    printf 'title: Sunday Sudoku\nsubtitle: Brand-new puzzles, easy to evil\nauthor: Ann Example\n'
    printf 'year: 2026\ntrim: 6x9\nseed: 7\npuzzles:\n  - { grade: easy, count: 9 }\n'
    printf '  - { grade: hard, count: 7 }\n  - { grade: evil, count: 5 }\ncover:\n  badges: auto\n'
    printf '  design: %s\n' "$design"
    if [ "$design" = photo ]; then printf '  front_image: picture.png\n'; fi
  } > "$dir/$design.yaml"
  "$bin" preview "$dir/$design.yaml" --listing -o "$dir/$design" > /dev/null
  convert "$dir/$design/listing-cover.png" -resize x200 -bordercolor white -border 6 "$dir/$design.png"
done
convert "$dir/card.png" "$dir/band.png" "$dir/giant.png" "$dir/pattern.png" "$dir/photo.png" +append "$out"
