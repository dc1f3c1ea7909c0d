package dev.ldf.experiments.run;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.awt.Rectangle;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.text.NumberFormat;
import java.util.Arrays;
import java.util.DoubleSummaryStatistics;
import java.util.Locale;
import java.util.Map;
import java.util.stream.DoubleStream;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGUtils;

/**
 * The experiments' plots, each written as PNG and SVG (headless: no display needed). Series take
 * the Okabe–Ito colours, which readers with any common colour-vision deficiency can tell apart;
 * log axes tick at whole powers (1, 2, 4, 8 … on base 2) and label them with the values.
 */
public final class Charts {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 500;

    /** Okabe and Ito's colour-blind-safe palette, yellow (hard to see on white) last. */
    public static final Color BLUE = new Color(0x0072B2);
    public static final Color ORANGE = new Color(0xE69F00);
    public static final Color GREEN = new Color(0x009E73);
    public static final Color VERMILLION = new Color(0xD55E00);
    public static final Color PURPLE = new Color(0xCC79A7);
    public static final Color SKY_BLUE = new Color(0x56B4E9);
    public static final Color GREY = new Color(0x999999);
    private static final Paint[] PALETTE = {BLUE, ORANGE, GREEN, VERMILLION, PURPLE, SKY_BLUE, Color.BLACK,
            new Color(0xF0E442)};

    /** Bar values spanning this factor or more get a logarithmic value axis. */
    static final double LOG_SPAN = 100;

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {}

    /** Grouped bars: one group per category (column key), one bar per series (row key). */
    public static JFreeChart bars(String title, String categoryAxis, String valueAxis, CategoryDataset data,
            boolean stacked) {
        JFreeChart chart = stacked
                ? ChartFactory.createStackedBarChart(title, categoryAxis, valueAxis, data, PlotOrientation.VERTICAL,
                        true, false, false)
                : ChartFactory.createBarChart(title, categoryAxis, valueAxis, data, PlotOrientation.VERTICAL, true,
                        false, false);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setDrawingSupplier(palette());
        plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        BarRenderer renderer = (BarRenderer) plot.getRenderer();
        if (!stacked && spansOrdersOfMagnitude(data)) {
            LogAxis axis = new LogAxis(valueAxis + " (log scale)");
            axis.setBase(10);
            axis.setTickUnit(new NumberTickUnit(1));
            axis.setMinorTickCount(0);
            axis.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
            // Bars grow from the power of ten below the smallest value, not from zero.
            double floor = Math.pow(10, Math.floor(Math.log10(values(data).min().orElseThrow())));
            renderer.setBase(floor);
            renderer.setIncludeBaseInRange(false);
            axis.setLowerBound(floor);
            axis.setUpperBound(Math.pow(10, Math.ceil(Math.log10(values(data).max().orElseThrow() * 1.05))));
            plot.setRangeAxis(axis);
        }
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        style(chart);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return chart;
    }

    /** Lines with points; {@code logX} for sizes that grow by factors (clients, cache sizes). */
    public static JFreeChart lines(String title, String xAxis, String yAxis, XYSeriesCollection data, boolean logX) {
        return xy(title, xAxis, yAxis, data, logX, new XYLineAndShapeRenderer(true, true));
    }

    /**
     * Lines through the medians of repeated measurements, each in a light band from the smallest
     * to the largest repeat, so that the spread is as visible as the trend.
     */
    public static JFreeChart bands(String title, String xAxis, String yAxis, YIntervalSeriesCollection data,
            boolean logX) {
        DeviationRenderer renderer = new DeviationRenderer(true, true);
        renderer.setAlpha(0.18f);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesFillPaint(i, PALETTE[i % PALETTE.length]);
        }
        return xy(title, xAxis, yAxis, data, logX, renderer);
    }

    private static JFreeChart xy(String title, String xAxis, String yAxis, XYDataset data, boolean logX,
            XYLineAndShapeRenderer renderer) {
        JFreeChart chart = ChartFactory.createXYLineChart(title, xAxis, yAxis, data, PlotOrientation.VERTICAL, true,
                false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setDrawingSupplier(palette());
        if (logX) {
            // One tick per power of two, labelled with its value: 1, 2, 4, 8 …
            LogAxis axis = new LogAxis(xAxis + " (log scale)");
            axis.setBase(2);
            axis.setTickUnit(new NumberTickUnit(1));
            axis.setMinorTickCount(0);
            axis.setNumberFormatOverride(new DecimalFormat("#,##0"));
            plot.setDomainAxis(axis);
        }
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesStroke(i, new BasicStroke(2f));
        }
        plot.setRenderer(renderer);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        style(chart);
        return chart;
    }

    /**
     * One point per pair of measurements (the same query by two clients, say), both axes log-10, with
     * the line where the two are equal drawn through them: points below it are smaller on the y axis.
     * Values below 1 are drawn at 1.
     */
    public static JFreeChart scatter(String title, String xAxis, String yAxis, String series, double[][] points) {
        XYSeriesCollection data = new XYSeriesCollection();
        XYSeries dots = new XYSeries(series, false, true);
        double largest = 1;
        for (double[] p : points) {
            dots.add(Math.max(1, p[0]), Math.max(1, p[1]));
            largest = Math.max(largest, Math.max(p[0], p[1]));
        }
        double top = Math.pow(10, Math.max(1, Math.ceil(Math.log10(largest * 1.05))));
        XYSeries equal = new XYSeries("equal", false, true);
        equal.add(1, 1);
        equal.add(top, top);
        data.addSeries(dots);
        data.addSeries(equal);
        JFreeChart chart = ChartFactory.createScatterPlot(title, xAxis, yAxis, data, PlotOrientation.VERTICAL, true,
                false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setDrawingSupplier(palette());
        plot.setDomainAxis(logTen(xAxis, top));
        plot.setRangeAxis(logTen(yAxis, top));
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(false, true);
        renderer.setSeriesLinesVisible(1, true);
        renderer.setSeriesShapesVisible(1, false);
        renderer.setSeriesPaint(1, GREY);
        plot.setRenderer(renderer);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        style(chart);
        return chart;
    }

    private static LogAxis logTen(String label, double top) {
        LogAxis axis = new LogAxis(label + " (log scale)");
        axis.setBase(10);
        axis.setTickUnit(new NumberTickUnit(1));
        axis.setMinorTickCount(0);
        axis.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
        axis.setRange(1, top);
        return axis;
    }

    /**
     * Empirical cumulative distributions, one line per series: for every value, the share of the
     * samples at or below it, on a log-10 axis labelled at every power of ten. Shows per-query
     * spread that sums hide. Samples below 1 are drawn at 1. Samples of more than 200 values are
     * drawn at every 0.5% of their share, so that the SVG files stay small.
     */
    public static JFreeChart distribution(String title, String xAxis, Map<String, double[]> samples) {
        return distribution(title, xAxis, "share of queries at or below", samples);
    }

    /** {@link #distribution(String, String, Map)} of other things than queries, named by {@code yAxis}. */
    public static JFreeChart distribution(String title, String xAxis, String yAxis, Map<String, double[]> samples) {
        XYSeriesCollection data = new XYSeriesCollection();
        double largest = 1;
        for (Map.Entry<String, double[]> e : samples.entrySet()) {
            double[] sorted = e.getValue().clone();
            Arrays.sort(sorted);
            XYSeries series = new XYSeries(e.getKey(), true, true);
            long drawn = -1; // the last 0.5% step drawn, for large samples
            for (int i = 0; i < sorted.length; i++) {
                // The last of equal values carries their whole share.
                boolean last = i + 1 == sorted.length;
                if (last || sorted[i + 1] != sorted[i]) {
                    long step = (i + 1) * 200L / sorted.length;
                    if (sorted.length <= 200 || last || step != drawn) {
                        series.addOrUpdate(Math.max(1, sorted[i]), (i + 1) / (double) sorted.length);
                        drawn = step;
                    }
                }
                largest = Math.max(largest, sorted[i]);
            }
            data.addSeries(series);
        }
        JFreeChart chart = ChartFactory.createXYStepChart(title, xAxis, yAxis, data,
                PlotOrientation.VERTICAL, true, false, false);
        XYPlot plot = chart.getXYPlot();
        plot.setDrawingSupplier(palette());
        LogAxis axis = new LogAxis(xAxis + " (log scale)");
        axis.setBase(10);
        axis.setTickUnit(new NumberTickUnit(1));
        axis.setMinorTickCount(0);
        axis.setNumberFormatOverride(new DecimalFormat("#,##0"));
        axis.setRange(1, Math.pow(10, Math.max(1, Math.ceil(Math.log10(largest * 1.05)))));
        plot.setDomainAxis(axis);
        NumberAxis share = (NumberAxis) plot.getRangeAxis();
        share.setRange(0, 1.02);
        share.setTickUnit(new NumberTickUnit(0.1, NumberFormat.getPercentInstance(Locale.ROOT)));
        for (int i = 0; i < data.getSeriesCount(); i++) {
            plot.getRenderer().setSeriesStroke(i, new BasicStroke(2f));
        }
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        style(chart);
        return chart;
    }

    /** Colours for the series of a bar chart, in order (e.g. better green, same grey, worse red). */
    public static JFreeChart colours(JFreeChart chart, Color... colours) {
        BarRenderer renderer = (BarRenderer) chart.getCategoryPlot().getRenderer();
        for (int i = 0; i < colours.length; i++) {
            renderer.setSeriesPaint(i, colours[i]);
        }
        return chart;
    }

    private static DefaultDrawingSupplier palette() {
        return new DefaultDrawingSupplier(PALETTE, DefaultDrawingSupplier.DEFAULT_FILL_PAINT_SEQUENCE,
                DefaultDrawingSupplier.DEFAULT_OUTLINE_PAINT_SEQUENCE, DefaultDrawingSupplier.DEFAULT_STROKE_SEQUENCE,
                DefaultDrawingSupplier.DEFAULT_OUTLINE_STROKE_SEQUENCE, DefaultDrawingSupplier.DEFAULT_SHAPE_SEQUENCE);
    }

    /** Every value of a category dataset. */
    private static DoubleStream values(CategoryDataset data) {
        DoubleStream.Builder values = DoubleStream.builder();
        for (int r = 0; r < data.getRowCount(); r++) {
            for (int c = 0; c < data.getColumnCount(); c++) {
                Number n = data.getValue(r, c);
                if (n != null) {
                    values.add(n.doubleValue());
                }
            }
        }
        return values.build();
    }

    /** True when the values differ by {@link #LOG_SPAN} or more (and none is zero or less). */
    static boolean spansOrdersOfMagnitude(CategoryDataset data) {
        DoubleSummaryStatistics stats = values(data).summaryStatistics();
        return stats.getCount() > 0 && stats.getMin() > 0 && stats.getMax() / stats.getMin() >= LOG_SPAN;
    }

    private static void style(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.getPlot().setBackgroundPaint(Color.WHITE);
    }

    /** Writes {@code <base>.png} and {@code <base>.svg} in {@code dir}. */
    public static void write(JFreeChart chart, Path dir, String base) throws IOException {
        ChartUtils.saveChartAsPNG(dir.resolve(base + ".png").toFile(), chart, WIDTH, HEIGHT);
        SVGGraphics2D svg = new SVGGraphics2D(WIDTH, HEIGHT);
        chart.draw(svg, new Rectangle(WIDTH, HEIGHT));
        SVGUtils.writeToSVG(dir.resolve(base + ".svg").toFile(), svg.getSVGElement());
    }
}
