# bash completion for gesturedeck (installed as share/bash-completion/completions/gesturedeck)
_gesturedeck() {
    local cur prev
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    case "$prev" in
        --scene) COMPREPLY=($(compgen -W "wallet grid messages carousel" -- "$cur")); return ;;
        --theme) COMPREPLY=($(compgen -W "light dark auto" -- "$cur")); return ;;
        --state|--record|--replay) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --screenshot) COMPREPLY=($(compgen -f -X '!*.png' -- "$cur") $(compgen -d -- "$cur")); return ;;
        --assets|--pictures|--frames|--capture-dir) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        --size|--scale|--at|--fps|--from|--to|--picture-cache|--slow) return ;;
        --video) COMPREPLY=($(compgen -f -X '!*.@(mp4|webm|gif)' -- "$cur") $(compgen -d -- "$cur")); return ;;
        --compare|--preset) COMPREPLY=($(compgen -W "default reduce-motion slow seed ios" -- "$cur") $(compgen -f -X '!*.json' -- "$cur")); return ;;
        --export-tuning) COMPREPLY=($(compgen -W "swiftui uikit flutter compose css" -- "$cur")); return ;;
    esac
    COMPREPLY=($(compgen -W "--scene --size --state --assets --pictures --picture-cache --events --reduce-motion --theme --overlay
        --scale --screenshot --at --record --replay --frames --fps --video --from --to
        --show-taps --capture-dir --slow --compare --preset --export-tuning --help --version" -- "$cur"))
}
complete -F _gesturedeck gesturedeck
