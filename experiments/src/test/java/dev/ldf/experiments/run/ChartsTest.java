package dev.ldf.experiments.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Charts people can read: whole powers on log axes, log values where they span orders of magnitude, a colour-blind-safe palette. */
class ChartsTest {

    private static DefaultCategoryDataset bars(double... values) {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (int i = 0; i < values.length; i++) {
            data.addValue(values[i], i % 2 == 0 ? "requests" : "triples", "configuration " + i / 2);
        }
        return data;
    }

    @Test
    void aLogTwoAxisTicksAtEveryPowerOfTwoAndSaysItIsLogarithmic() {
        XYSeries series = new XYSeries("brTPF");
        for (int clients = 1; clients <= 64; clients *= 2) {
            series.add(clients, 100.0 * clients);
        }
        JFreeChart chart = Charts.lines("Throughput (queries/s)", "concurrent clients", "queries/s",
                new XYSeriesCollection(series), true);
        LogAxis axis = assertInstanceOf(LogAxis.class, chart.getXYPlot().getDomainAxis());
        assertEquals(2, axis.getBase());
        assertEquals(1, axis.getTickUnit().getSize(), "one tick per power of two");
        assertEquals(0, axis.getMinorTickCount());
        assertEquals("concurrent clients (log scale)", axis.getLabel());
        assertEquals("4", axis.getNumberFormatOverride().format(4.0));
    }

    @Test
    void aDistributionSpansItsSamplesOnALogTenAxisWithShares() {
        JFreeChart chart = Charts.distribution("Requests per query", "requests per query",
                Map.of("TPF", new double[] {1, 7, 7, 75, 40_815}));
        LogAxis axis = assertInstanceOf(LogAxis.class, chart.getXYPlot().getDomainAxis());
        assertEquals(10, axis.getBase());
        assertEquals(1, axis.getLowerBound());
        assertEquals(100_000, axis.getUpperBound(), 1e-6, "up to the power of ten above the largest sample");
        XYSeries tpf = ((XYSeriesCollection) chart.getXYPlot().getDataset()).getSeries(0);
        assertEquals(4, tpf.getItemCount(), "equal samples make one step");
        assertEquals(0.6, tpf.getY(1).doubleValue(), 1e-9, "three of five at or below 7");
        assertEquals(1.0, tpf.getY(3).doubleValue(), 1e-9);
        assertEquals("50%", ((NumberAxis) chart.getXYPlot().getRangeAxis()).getTickUnit().valueToString(0.5));
    }

    @Test
    void barsSpanningOrdersOfMagnitudeGetALogValueAxisFromThePowerOfTenBelow() {
        JFreeChart wide = Charts.bars("Requests", "configuration", "requests", bars(44_609, 30_000, 769, 350), false);
        LogAxis axis = assertInstanceOf(LogAxis.class, wide.getCategoryPlot().getRangeAxis());
        assertEquals(100, axis.getLowerBound(), 1e-9);
        assertEquals(100_000, axis.getUpperBound(), 1e-9);
        assertEquals(100, ((BarRenderer) wide.getCategoryPlot().getRenderer()).getBase(), 1e-9);
        JFreeChart narrow = Charts.bars("Requests", "configuration", "requests", bars(900, 300, 100, 20), false);
        assertInstanceOf(NumberAxis.class, narrow.getCategoryPlot().getRangeAxis(), "45× is read on a linear axis");
        JFreeChart stacked = Charts.bars("Triples", "configuration", "triples", bars(44_609, 30_000, 769, 350), true);
        assertInstanceOf(NumberAxis.class, stacked.getCategoryPlot().getRangeAxis(), "stacks add up on a linear axis");
        assertFalse(Charts.spansOrdersOfMagnitude(bars(1_000, 0, 5)), "a zero has no place on a log axis");
    }

    @Test
    void seriesTakeTheOkabeItoColoursAndBothFilesAreWritten(@TempDir Path dir) throws Exception {
        JFreeChart chart = Charts.bars("Requests", "configuration", "requests", bars(10, 20, 30, 40), false);
        Charts.write(chart, dir, "chart");
        BarRenderer renderer = (BarRenderer) chart.getCategoryPlot().getRenderer();
        assertEquals(Charts.BLUE, renderer.lookupSeriesPaint(0));
        assertEquals(Charts.ORANGE, renderer.lookupSeriesPaint(1));
        assertTrue(Files.size(dir.resolve("chart.png")) > 1000);
        assertTrue(Files.readString(dir.resolve("chart.svg")).contains("<svg"));
    }
}
