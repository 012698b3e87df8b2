# bash completion for puzzlepress. Installed as
# /usr/share/bash-completion/completions/puzzlepress. tests/cli/packaging_test.cpp checks that
# it offers every subcommand and option the program has.
_puzzlepress() {
  local cur prev words cword
  _init_completion || return

  local commands="init build sample preview verify preflight studio generate solve grade bench schema catalogue"
  local command="" i
  for ((i = 1; i < cword; i++)); do
    case "${words[i]}" in
      -*) ;;
      *) command="${words[i]}"; break ;;
    esac
  done

  case "$prev" in
    -o|--output|--manifest|--cover|--pdf|--dataset|--reference|--node|--against|--against-node|--catalogue)
      _filedir; return ;;
    --book|--preview)
      _filedir '@(yaml|yml)'; return ;;
    --layout)
      COMPREPLY=($(compgen -W "one-up two-up four-up six-up" -- "$cur")); _filedir yaml; return ;;
    --grade)
      COMPREPLY=($(compgen -W "easy medium hard extreme evil all" -- "$cur")); return ;;
    --grading)
      COMPREPLY=($(compgen -W "techniques clues both" -- "$cur")); return ;;
    --symmetry)
      COMPREPLY=($(compgen -W "rotational none mirror diagonal" -- "$cur")); return ;;
    --format)
      COMPREPLY=($(compgen -W "text csv json png svg" -- "$cur")); return ;;
    --size)
      COMPREPLY=($(compgen -W "4x4 6x6 8x8 9x9 12x12 16x16 all" -- "$cur")); return ;;
    --kind)
      COMPREPLY=($(compgen -W "classic x hyper jigsaw killer samurai all" -- "$cur")); return ;;
    --language)
      COMPREPLY=($(compgen -W "en en-GB de fr es it nl pt" -- "$cur")); return ;;
    --paper)
      if [[ "$command" == preflight ]]; then
        COMPREPLY=($(compgen -W "white cream" -- "$cur")); return
      fi
      COMPREPLY=($(compgen -W "letter a4 5x8 5.25x8 5.5x8.5 6x9 6.14x9.21 6.69x9.61 7x10 7.44x9.69 7.5x9.25 8x10 8.25x6 8.25x8.25 8.5x8.5 8.5x11 8.27x11.69 8.25x11" -- "$cur")); return ;;
    --trim)
      COMPREPLY=($(compgen -W "5x8 5.25x8 5.5x8.5 6x9 6.14x9.21 6.69x9.61 7x10 7.44x9.69 7.5x9.25 8x10 8.25x6 8.25x8.25 8.5x8.5 8.5x11 8.27x11.69 8.25x11 a4" -- "$cur")); return ;;
    --jobs|--count|--seed|--attempts|--per-page|--pages|--dpi|--budget|--boards|--column|--rounds|--compare|--port|--host)
      return ;;
  esac

  local options
  case "$command" in
    "") COMPREPLY=($(compgen -W "$commands --help --version" -- "$cur")); return ;;
    init) options="--trim --layout --kids --large-print --seed --help" ;;
    build) options="-o --output --manifest --cover --trim --bleed --no-bleed --layout --grading --allow-trial --jobs --progress --quiet --json --catalogue --volumes --help" ;;
    sample) options="--grade --count --per-page --paper --seed --answers --hints --allow-trial --language --pages -o --output --progress --quiet --help" ;;
    preview) options="-o --output --pages --dpi --format --listing --trim --layout --jobs --help" ;;
    verify) options="--pdf --cover --help" ;;
    preflight) options="--trim --bleed --paper --help" ;;
    studio) options="--port --host --jobs --help" ;;
    generate) options="--grade --count --seed --symmetry --attempts --grading --allow-trial --format --jobs --size --kind --progress --quiet --help" ;;
    solve) options="--size --kind --budget --help" ;;
    grade) options="--size --kind --steps --help" ;;
    bench) options="--boards --grade --grading --dataset --rate --column --rounds --compare --cpu-time --reference --node --preview --book --size --kind --against --against-node --canonical --help" ;;
    schema) options="--help" ;;
    catalogue) options="add check find list remove stats --catalogue --json --jobs --edition --seed --dry-run --help" ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
  else
    case "$command" in
      build|sample|init|preview|studio) _filedir '@(yaml|yml)' ;;
      verify) _filedir json ;;
      preflight) _filedir pdf ;;
    esac
  fi
}
complete -F _puzzlepress puzzlepress
