package dev.ldf.watdiv.cli;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.ldf.watdiv.generate.WatDivGenerator;
import dev.ldf.watdiv.workload.DataIndex;
import dev.ldf.watdiv.workload.StressTemplates;
import dev.ldf.watdiv.workload.Template;
import dev.ldf.watdiv.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "workload", mixinStandardHelpOptions = true,
        description = "Writes query workloads for a generated dataset: the basic templates instantiated, stress "
                + "templates by random walks, their pool, a sequence drawn from it, and client sequences.")
final class WorkloadCommand implements Callable<Integer> {
    @Mixin
    DataOptions data;

    @Option(names = {"-o", "--output"}, required = true, description = "The directory for the workload files.")
    Path output;

    @Option(names = "--templates", defaultValue = "124", description = "Stress templates (default: ${DEFAULT-VALUE}).")
    int templates;

    @Option(names = "--instances", defaultValue = "100", description = "Instances per template (default: ${DEFAULT-VALUE}).")
    int instances;

    @Option(names = "--max-size", defaultValue = "10", description = "Most triple patterns per stress template (default: ${DEFAULT-VALUE}).")
    int maxSize;

    @Option(names = "--max-intermediate", defaultValue = "10000",
            description = "Drop stress templates whose estimated largest intermediate result, for every choice of "
                    + "constant, exceeds this (default: ${DEFAULT-VALUE}).")
    double maxIntermediate;

    @Option(names = "--sequence", defaultValue = "145", description = "Queries in the sequence (default: ${DEFAULT-VALUE}).")
    int sequence;

    @Option(names = "--clients", defaultValue = "64", description = "Client sequences (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--client-length", defaultValue = "193", description = "Queries per client sequence (default: ${DEFAULT-VALUE}).")
    int clientLength;

    @Override
    public Integer call() throws IOException {
        WatDivGenerator generator = data.generator();
        DataIndex index = DataIndex.of(generator);
        List<Template> basic;
        try (Reader in = new InputStreamReader(WorkloadCommand.class.getResourceAsStream("/watdiv/basic-templates.txt"),
                StandardCharsets.UTF_8)) {
            basic = Template.parse(in);
        }
        List<Template> stress = StressTemplates.generate(generator.model(), index, templates, maxSize, maxIntermediate, data.seed);
        Files.createDirectories(output);
        Files.writeString(output.resolve("templates-stress.txt"),
                String.join("\n", stress.stream().map(Template::toText).toList()));
        Workload.write(output.resolve("basic.tsv"), Workload.instantiate(basic, instances, index, data.seed));
        List<Workload.Entry> pool = Workload.instantiate(stress, instances, index, data.seed + 1);
        Workload.write(output.resolve("pool.tsv"), pool);
        Workload.write(output.resolve("sequence-" + sequence + ".tsv"), Workload.sample(pool, sequence, data.seed + 2));
        for (int c = 1; c <= clients; c++) {
            Workload.write(output.resolve(String.format(Locale.ROOT, "clients/client-%02d.tsv", c)),
                    Workload.sample(pool, clientLength, data.seed + 100 + c));
        }
        System.err.printf(Locale.ROOT, "wrote %d basic and %d stress templates, a pool of %,d queries, a sequence of %d "
                + "and %d client sequences of %d to %s%n", basic.size(), stress.size(), pool.size(), sequence, clients,
                clientLength, output);
        return 0;
    }
}
