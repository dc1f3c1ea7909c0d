# Sourced by the launchers of the command-line jars (bin/ldf-hdt, bin/ldf-watdiv, bin/ldf-experiments, bin/ldf-endpoint):
# run_jar JAR OPTIONS_VARIABLE ARGS... runs the jar, built by Maven, with $JAVA_HOME/bin/java when
# JAVA_HOME is set, else java on the PATH, and the JVM options the variable named holds (for example
# LDF_HDT_JAVA_OPTS=-Xmx8g for a large conversion). A missing jar is an error that says how to build it.
run_jar() {
  local root jar variable
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
  jar="$root/$1"
  variable="$2"
  shift 2
  if [ ! -f "$jar" ]; then
    echo "error: $jar not found; build it with: mvn -B -q package -DskipTests" >&2
    exit 2
  fi
  local -a options=()
  if [ -n "${!variable:-}" ]; then
    read -r -a options <<< "${!variable}"
  fi
  exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" "${options[@]}" -jar "$jar" "$@"
}
