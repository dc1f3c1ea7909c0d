package dev.ldf.deploy.local;

import java.nio.file.Path;

/** The parts of an nginx main configuration that every nginx the tools start shares. */
public final class NginxConfig {

    private NginxConfig() {}

    /**
     * A foreground nginx whose pid file, error log and temporary files stay under {@code root}
     * ({@code logs/} and {@code temp/} must exist), with {@code modules} (load_module lines) first
     * and {@code http} inside the {@code http} block.
     */
    public static String main(Path root, String modules, String workerProcesses, String http) {
        String temp = root.resolve("temp").toString();
        return modules
                // As root, nginx would run its workers as nobody, who cannot write this directory.
                + ("root".equals(System.getProperty("user.name")) ? "user root;\n" : "")
                + "daemon off;\nworker_processes " + workerProcesses + ";\npid " + root.resolve("nginx.pid") + ";\n"
                + "error_log " + root.resolve("logs/error.log") + " warn;\n"
                + "events { worker_connections 1024; }\n"
                + "http {\n"
                + "    client_body_temp_path " + temp + "/body;\n    proxy_temp_path " + temp + "/proxy;\n"
                + "    fastcgi_temp_path " + temp + "/fastcgi;\n    uwsgi_temp_path " + temp + "/uwsgi;\n"
                + "    scgi_temp_path " + temp + "/scgi;\n"
                + http
                + "}\n";
    }
}
