#!/usr/bin/env bash
# Builds the server benchmark's two Java rivals from their public repositories, as they are:
#   DIR/Server.Java  the original LDF Server.Java (github.com/LinkedDataFragments/Server.Java, master)
#   DIR/brTPF        the brTPF paper's prototype (github.com/hartig/Server.Java, branch feature-brtpf)
# A missing checkout is cloned (that needs GitHub). Neither builds on Java 17 and today's Maven
# Central unchanged; the only changes, all to the build, are:
#   - both: maven-war-plugin 3.4.0 (2.x cannot run on Java 17);
#   - Server.Java: hdt-jena 2.1.2 (2.0 is no longer on Maven Central), whose dictionary ids are
#     long: its three 'int ...Id = dictionary.getIntID(...)' locals become long; no javadoc jar.
# Prints the two jars to pass as --server-java-jar and --brtpf-prototype-jar.
# Usage: experiments/rivals/build-java-rivals.sh DIR
set -euo pipefail

dir="${1:?usage: $0 DIR (where the checkouts are, or are cloned to)}"
mkdir -p "$dir"
cd "$dir"
[ -d Server.Java ] || git clone -q https://github.com/LinkedDataFragments/Server.Java.git Server.Java
[ -d brTPF ] || git clone -q -b feature-brtpf https://github.com/hartig/Server.Java.git brTPF

# maven-war-plugin x.y -> 3.4.0, in whichever pom names it.
war_plugin() {
  sed -i -E '/<artifactId>maven-war-plugin<\/artifactId>/{n;s#<version>[^<]*</version>#<version>3.4.0</version>#}' "$1"
}

war_plugin brTPF/pom.xml
(cd brTPF && mvn -B -q package -DskipTests)

war_plugin Server.Java/pom.xml
sed -i -E '/<artifactId>hdt-jena<\/artifactId>/{n;s#<version>2\.0</version>#<version>2.1.2</version>#}' Server.Java/pom.xml
sed -i -E 's/^(\s*)int (subjectId|predicateId|objectId) = /\1long \2 = /' \
  Server.Java/src/main/java/org/linkeddatafragments/datasource/hdt/HdtBasedRequestProcessorForTPFs.java
(cd Server.Java && mvn -B -q package -DskipTests -Dmaven.javadoc.skip=true)

echo "--server-java-jar $dir/Server.Java/target/ldf-server.jar"
echo "--brtpf-prototype-jar $dir/brTPF/target/ldf-server.jar"
