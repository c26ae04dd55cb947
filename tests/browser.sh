# shellcheck shell=bash
# shellcheck disable=SC2154  # $scratch and $browser_page are the sourcing script's
# Sourced by the tests that open pages in headless Chromium (summary_in_browser.sh, report_in_browser.sh):
# finds the browser (or exits 77, which CTest reports as Skipped, saying what was not opened), and
# open_page URL ARGS... opens a page with every request to the network refused, logging to
# $scratch/browser.log. Needs $scratch set first.
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [[ -z $browser ]]; then
  echo "SKIPPED: no Chromium here (Debian's chromium package), so ${browser_page:-the page} was not opened in a browser"
  exit 77
fi
open_page() {  # url or path, then chromium's extra arguments
  local url=$1
  shift
  [[ $url == file://* ]] || url="file://$url"
  timeout 120 "$browser" --headless=new --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
    --user-data-dir="$scratch/profile" --host-resolver-rules="MAP * ~NOTFOUND" "$@" "$url" 2>>"$scratch/browser.log"
}
