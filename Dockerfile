# The fragment server with the bundled dataset. Build: docker build -t ldf-server .
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY pom.xml .
COPY cli cli
COPY hdt-core hdt-core
COPY hdt-data hdt-data
COPY server server
COPY deploy/pom.xml deploy/pom.xml
COPY client-java/pom.xml client-java/pom.xml
COPY watdiv/pom.xml watdiv/pom.xml
COPY experiments/pom.xml experiments/pom.xml
RUN mvn -B -q -pl server -am package -DskipTests

FROM eclipse-temurin:17-jre
RUN useradd --system --uid 10001 --no-create-home ldf
COPY --from=build /src/server/target/ldf-server.jar /opt/ldf/ldf-server.jar
COPY bin/ldf-server /opt/ldf/bin/ldf-server
# The bundled dataset with its index: a read-only volume needs the index beside the file.
COPY --from=build --chown=ldf:ldf /src/hdt-data/target/datasets/ /data/
COPY docker/server.json /etc/ldf/server.json
USER ldf
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD bash -c 'exec 3<>/dev/tcp/127.0.0.1/8080 && printf "GET /-/ready HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n" >&3 && head -1 <&3 | grep -q " 200 "'
# The README's lean start (serial GC). The heap may use three quarters of the container's memory
# limit, and grows only with what stays live; out of memory ends the process (the server also does
# so itself): the restart policy starts it clean. LDF_SERVER_JAVA_OPTS set at run time replaces these.
ENV LDF_SERVER_JAR=/opt/ldf/ldf-server.jar \
    LDF_SERVER_JAVA_OPTS="-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError"
ENTRYPOINT ["/opt/ldf/bin/ldf-server"]
CMD ["--config", "/etc/ldf/server.json"]
