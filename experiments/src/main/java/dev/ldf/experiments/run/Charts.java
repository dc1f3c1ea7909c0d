package dev.ldf.experiments.run;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Rectangle;
import java.io.IOException;
import java.text.DecimalFormat;
import java.nio.file.Path;

import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.category.CategoryDataset;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGUtils;

/** The experiments' plots, each written as PNG and SVG (headless: no display needed). */
public final class Charts {

    private static final int WIDTH = 900;
    private static final int HEIGHT = 500;

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
        plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        BarRenderer renderer = (BarRenderer) plot.getRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        style(chart);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        return chart;
    }

    /** Lines with points; {@code logX} for sizes that grow by factors (clients, cache sizes). */
    public static JFreeChart lines(String title, String xAxis, String yAxis, XYSeriesCollection data, boolean logX) {
        JFreeChart chart = ChartFactory.createXYLineChart(title, xAxis, yAxis, data, PlotOrientation.VERTICAL, true,
                false, false);
        XYPlot plot = chart.getXYPlot();
        if (logX) {
            LogAxis axis = new LogAxis(xAxis);
            axis.setBase(2);
            axis.setNumberFormatOverride(new DecimalFormat("#,##0"));
            plot.setDomainAxis(axis);
        }
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            renderer.setSeriesStroke(i, new BasicStroke(2f));
        }
        plot.setRenderer(renderer);
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
