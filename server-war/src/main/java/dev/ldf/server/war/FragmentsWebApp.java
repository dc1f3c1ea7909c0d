package dev.ldf.server.war;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRegistration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.OpenDatasets;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.http.Endpoints;
import dev.ldf.server.monitor.Readiness;
import dev.ldf.server.monitor.ServerMetrics;
import dev.ldf.server.rdf.Writers;

/**
 * The fragments server as a web application in any Jakarta Servlet 6 container (Tomcat 10.1,
 * Jetty 12): the container calls this when it deploys the WAR. It reads the same JSON
 * configuration as {@code ldf-server --config}, named by the context parameter {@value
 * #CONFIG_PARAMETER}, else the system property of that name, else the environment variable
 * {@value #CONFIG_VARIABLE}; opens the datasets; and mounts the same endpoints behind filters that
 * do what the embedded server's handlers do: metrics, the operator endpoints, CORS and the load
 * limit. A configuration or HDT file that cannot be read fails the deployment with its message.
 *
 * <p>The container owns the listener: its host and port, the request-line and header limits,
 * timeouts, HTTP/2 and compression come from its own configuration, and the configuration's
 * {@code host}, {@code port}, {@code maxRequestHeaderBytes} and {@code http2} are not used.
 */
public final class FragmentsWebApp implements ServletContainerInitializer {

    public static final String CONFIG_PARAMETER = "ldf.config";
    public static final String CONFIG_VARIABLE = "LDF_CONFIG";

    private static final Logger LOG = LoggerFactory.getLogger(FragmentsWebApp.class);

    @Override
    public void onStartup(Set<Class<?>> classes, ServletContext context) throws ServletException {
        Path file = configFile(context);
        OpenDatasets datasets;
        ServerConfig config;
        try {
            config = ConfigFile.read(file);
            datasets = OpenDatasets.open(config);
        } catch (Exception e) {
            // The container logs the failed deployment; the message names the file and what is wrong.
            throw new ServletException(e.getMessage(), e);
        }
        ServerMetrics metrics = new ServerMetrics();
        datasets.sources().forEach((name, source) -> metrics.datasetSize(name, source.statistics().triples()));
        Readiness readiness = new Readiness();

        // In this order, outermost first, as the embedded server's handlers; the container lets
        // through paths that Jetty refuses before any handler sees them.
        filter(context, "ldf-plain-paths", new PlainPathFilter(), DispatcherType.REQUEST);
        filter(context, "ldf-metrics", new RequestMetricsFilter(metrics), DispatcherType.REQUEST);
        filter(context, "ldf-operator", new OperatorFilter(metrics, readiness), DispatcherType.REQUEST);
        filter(context, "ldf-cors", new PublicCorsFilter(), DispatcherType.REQUEST);
        filter(context, "ldf-body-first", new BodyFirstFilter(config.maxRequestBodyBytes(), config.limits()),
                DispatcherType.REQUEST, DispatcherType.ASYNC);
        filter(context, "ldf-load-limit", new LoadLimitFilter(config.limits(), metrics),
                DispatcherType.REQUEST, DispatcherType.ASYNC);

        for (Endpoints.Mount mount : Endpoints.all(config, datasets.hosted(), Writers.standard())) {
            List<String> paths = new ArrayList<>(mount.paths());
            if (paths.contains("/")) {
                // The container's own JSP servlet would answer these with its HTML 404 page.
                paths.addAll(List.of("*.jsp", "*.jspx"));
            }
            ServletRegistration.Dynamic servlet = context.addServlet(mount.name(), mount.endpoint());
            // Long polls of the change feed wait without a thread.
            servlet.setAsyncSupported(true);
            Set<String> taken = servlet.addMapping(paths.toArray(String[]::new));
            if (!taken.isEmpty()) {
                datasets.close();
                throw new ServletException("The paths " + taken + " of " + mount.name()
                        + " are mapped to another servlet of this application");
            }
        }
        context.addServlet("ldf-error", new PlainErrorServlet()).addMapping(PlainErrorServlet.PATH);
        context.addListener(new Lifecycle(datasets, readiness, context.getContextPath()));
    }

    private static Path configFile(ServletContext context) throws ServletException {
        String named = context.getInitParameter(CONFIG_PARAMETER);
        if (named == null || named.isBlank()) {
            named = System.getProperty(CONFIG_PARAMETER);
        }
        if (named == null || named.isBlank()) {
            named = System.getenv(CONFIG_VARIABLE);
        }
        if (named == null || named.isBlank()) {
            throw new ServletException("No configuration: name the JSON file in the context parameter "
                    + CONFIG_PARAMETER + ", the system property " + CONFIG_PARAMETER
                    + " or the environment variable " + CONFIG_VARIABLE);
        }
        return Path.of(named.trim());
    }

    private static void filter(ServletContext context, String name, Filter filter, DispatcherType... types) {
        FilterRegistration.Dynamic registration = context.addFilter(name, filter);
        registration.setAsyncSupported(true);
        registration.addMappingForUrlPatterns(EnumSet.of(types[0], types), true, "/*");
    }

    /** Ready once the application has started; stopping and closing the datasets when it is undeployed. */
    private record Lifecycle(OpenDatasets datasets, Readiness readiness, String contextPath)
            implements ServletContextListener {

        @Override
        public void contextInitialized(ServletContextEvent event) {
            readiness.ready();
            datasets.startFollowing();
            LOG.info("Serving {} dataset(s) at {}/", datasets.sources().size(), contextPath);
        }

        @Override
        public void contextDestroyed(ServletContextEvent event) {
            readiness.stopping();
            datasets.stopWaiting();
            datasets.close();
        }
    }
}
