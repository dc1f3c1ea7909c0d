# The fragment server with the bundled dataset, from the jar the quick start builds:
#   mvn -B -q package -DskipTests && docker build -t ldf-server .
# BASE_IMAGE is any Debian bookworm image; without a registry, docker/base-image.sh makes one from
# Debian's packages (ldf-debian:bookworm, with Java already in it).
ARG BASE_IMAGE=debian:bookworm-slim
FROM ${BASE_IMAGE}
RUN command -v java >/dev/null || { apt-get update -qq \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openjdk-17-jre-headless \
      && rm -rf /var/lib/apt/lists/*; } \
  && useradd --system --uid 10001 --no-create-home ldf
COPY server/target/ldf-server.jar /opt/ldf/ldf-server.jar
COPY bin/ldf-server /opt/ldf/bin/ldf-server
# The bundled dataset with its index: a read-only volume needs the index beside the file.
COPY --chown=ldf:ldf hdt-data/target/datasets/ /data/
COPY docker/server.json /etc/ldf/server.json
USER ldf
EXPOSE 8080
HEALTHCHECK --interval=5s --timeout=5s --start-period=60s --retries=3 \
  CMD bash -c 'exec 3<>/dev/tcp/127.0.0.1/8080 && printf "GET /-/ready HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n" >&3 && head -1 <&3 | grep -q " 200 "'
# The README's lean start (serial GC). The heap may use three quarters of the container's memory
# limit, and grows only with what stays live; out of memory ends the process (the server also does
# so itself): the restart policy starts it clean. LDF_SERVER_JAVA_OPTS set at run time replaces these.
ENV LDF_SERVER_JAR=/opt/ldf/ldf-server.jar \
    LDF_SERVER_JAVA_OPTS="-XX:MaxRAMPercentage=75 -XX:+ExitOnOutOfMemoryError"
ENTRYPOINT ["/opt/ldf/bin/ldf-server"]
CMD ["--config", "/etc/ldf/server.json"]
