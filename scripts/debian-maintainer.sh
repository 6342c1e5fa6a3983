# shellcheck shell=bash
# The Maintainer of ltofold's Debian package: who it is and whether it can
# be. Sourced by scripts/package.sh, which picks the maintainer, and by
# scripts/check-package.sh, which checks a built package's; both apply the
# same rule, so a package that one builds the other accepts.
#
# The project has no team mailbox, so the maintainer is the person who
# builds the package, found the way Debian's own tools (dch, debuild) find
# them: DEBFULLNAME and DEBEMAIL, else git's user.name and user.email. A
# package must name someone reachable: an address that is malformed, on a
# domain reserved for examples and tests (RFC 2606, RFC 6761), on the
# local machine's loopback name, or one that receives no mail (noreply),
# is refused with the reason; so are the two that lintian calls errors, a
# host that is not a mail domain (no dot: bogus-mail-host) and root
# (root-in-contact), and the local machine's loopback name.
#
# A test build (scripts/test.sh: a package built to be checked, never
# handed out, on machines that have no maintainer) names the local account
# that built it, USER@HOST as dch does without DEBEMAIL, and marks its
# changelog entry UNRELEASED, Debian's mark of an entry not to be
# uploaded; for it the last three rules do not apply (the machine may be
# called localhost).

# debian_maintainer_from_environment SOURCE_DIR: prints "Name <address>"
# and, on a second line, where it came from; prints nothing when neither
# DEBEMAIL nor git's identity is set. DEBEMAIL may hold the whole
# "Name <address>", as dch allows; otherwise DEBFULLNAME is the name.
debian_maintainer_from_environment() {
  local source_dir=$1 name email
  if [ -n "${DEBEMAIL:-}" ]; then
    if [[ $DEBEMAIL == *"<"*">" ]]; then
      printf '%s\n%s\n' "$DEBEMAIL" "DEBEMAIL"
    elif [ -n "${DEBFULLNAME:-}" ]; then
      printf '%s <%s>\n%s\n' "$DEBFULLNAME" "$DEBEMAIL" "DEBFULLNAME and DEBEMAIL"
    else
      printf '<%s>\n%s\n' "$DEBEMAIL" "DEBEMAIL, with DEBFULLNAME unset"
    fi
    return 0
  fi
  command -v git > /dev/null || return 0
  name=$(git -C "$source_dir" config user.name 2> /dev/null) || name=
  email=$(git -C "$source_dir" config user.email 2> /dev/null) || email=
  if [ -n "$name" ] || [ -n "$email" ]; then
    printf '%s <%s>\n%s\n' "$name" "$email" "git config user.name and user.email"
  fi
}

# debian_maintainer_problem MAINTAINER [test-build]: prints why MAINTAINER
# cannot be the package's Maintainer (a test build's with test-build), or
# nothing when it can.
debian_maintainer_problem() {
  local maintainer=$1 build=${2:-release} name address local_part domain label
  local form='^([^<>]*[^<> ]) <([^<>@ ]+)@([^<>@ ]+)>$'
  if ! [[ $maintainer =~ $form ]]; then
    echo "it is not of the form 'Name <address>'"
    return 0
  fi
  name=${BASH_REMATCH[1]}
  local_part=${BASH_REMATCH[2],,}
  domain=${BASH_REMATCH[3],,}
  domain=${domain%.}
  address=$local_part@$domain
  case $domain in
    example.com | example.net | example.org | *.example.com | *.example.net | *.example.org)
      echo "its address $address is on a domain reserved for examples"
      return 0 ;;
  esac
  label=${domain##*.}
  case $label in
    example | invalid | test)
      echo "its address $address is under .$label, a name reserved for examples and tests"
      return 0 ;;
  esac
  case $address in
    *noreply* | *no-reply* | *donotreply* | *do-not-reply*)
      echo "its address $address receives no mail"
      return 0 ;;
  esac
  case ${name,,}$address in
    *placeholder* | *changeme* | *change-me* | *"your name"* | *your-name* | *your.name* | *yourname*)
      echo "it is a placeholder"
      return 0 ;;
  esac
  [ "$build" = release ] || return 0
  if [ "$domain" = localhost ] || [ "$label" = localhost ] || [ "$domain" = localhost.localdomain ]; then
    echo "its address $address is on the local machine's loopback name"
  elif [ "$local_part" = root ] || [ "${name,,}" = root ]; then
    echo "it is root, no one's address (lintian's root-in-contact)"
  elif ! [[ $domain =~ ^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$ ]]; then
    echo "its address's host $domain is not a mail domain (lintian's bogus-mail-host)"
  fi
}

# debian_maintainer_for_test_build: the maintainer of a test build, the
# local account that builds it.
debian_maintainer_for_test_build() {
  echo "ltofold test build <$(id -un)@$(uname -n)>"
}
