package dev.ldf.watdiv.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.ldf.cli.QuietOption;
import dev.ldf.watdiv.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "import-queries", mixinStandardHelpOptions = true,
        description = "Converts WatDiv's own query files (one query per line) into this project's workload format.")
final class ImportQueriesCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "FILE", description = "WatDiv query files.")
    List<Path> files;

    @Option(names = {"-o", "--output"}, required = true, description = "The workload file to write (.tsv).")
    Path output;

    @Mixin
    QuietOption quiet;

    @Override
    public Integer call() throws IOException {
        List<Workload.Entry> queries = Workload.importQueries(files);
        Workload.write(output, queries);
        quiet.progress(System.err).printf(Locale.ROOT, "imported %,d queries into %s%n", queries.size(), output);
        return 0;
    }
}
