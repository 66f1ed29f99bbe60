# bash completion for polypress. Commands, subcommands, options and --format
# values are read from the program's own --help, so they never drift from it.
_polypress() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
  local prog=${COMP_WORDS[0]} command="" sub="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case ${COMP_WORDS[i]} in
      -C | --directory) ((i++)) ;;
      -*) ;;
      *) if [[ -z $command ]]; then command=${COMP_WORDS[i]}; elif [[ -z $sub ]]; then sub=${COMP_WORDS[i]}; fi ;;
    esac
  done
  case $prev in
    -C | --directory | --out | --mail-out | --path-base)
      COMPREPLY=($(compgen -d -- "$cur")); return ;;
    --format)
      COMPREPLY=($(compgen -W "$("$prog" ${command:+$command} --help 2>/dev/null |
        sed -n 's/.*--format FORMAT *output as \(.*\) (default.*/\1/p' | tr -d ',' | sed 's/ or / /')" -- "$cur"))
      return ;;
  esac
  if [[ -z $command ]]; then
    if [[ $cur == -* ]]; then
      COMPREPLY=($(compgen -W "-C --directory --help --version" -- "$cur"))
    else
      COMPREPLY=($(compgen -W "$("$prog" --help 2>/dev/null | sed -n '/^Commands:/,/^$/s/^  \([a-z0-9]\+\) .*/\1/p')" -- "$cur"))
    fi
    return
  fi
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$("$prog" "$command" ${sub:+$sub} --help 2>/dev/null | grep -o -- '--[a-z][a-z0-9-]*' | sort -u)" -- "$cur"))
    return
  fi
  if [[ -z $sub && ( $command == i18n || $command == translations ) ]]; then
    local subs
    subs=$("$prog" "$command" --help 2>/dev/null | sed -n "s/^ *\(Usage:\)\? *polypress $command \([a-z]\+\).*/\2/p")
    COMPREPLY=($(compgen -W "$subs" -- "$cur"))
    [[ $command == i18n ]] && return
  fi
  COMPREPLY+=($(compgen -f -- "$cur"))
}
complete -o filenames -F _polypress polypress
