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
# The bundled dataset with its index: a read-only volume needs the index beside the file.
COPY --from=build --chown=ldf:ldf /src/hdt-data/target/datasets/ /data/
COPY docker/server.json /etc/ldf/server.json
USER ldf
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD bash -c 'exec 3<>/dev/tcp/127.0.0.1/8080 && printf "GET /-/ready HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n" >&3 && head -1 <&3 | grep -q " 200 "'
# Out of memory ends the process (the server also does so itself): the restart policy starts it clean.
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError", "-jar", "/opt/ldf/ldf-server.jar"]
CMD ["--config", "/etc/ldf/server.json"]
