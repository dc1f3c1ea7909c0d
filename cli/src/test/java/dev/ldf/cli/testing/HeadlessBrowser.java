package dev.ldf.cli.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;

import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium, driven through its chromedriver, for the browser tests of the pages
 * for people; with the waits those tests need. Without {@code chromium} and {@code chromium-driver}
 * a test is skipped, unless {@code LDF_REQUIRE_TOOLS=1} (as in CI). Screenshots go to
 * {@code target/screenshots} (the docs' are copies).
 */
public final class HeadlessBrowser implements AutoCloseable {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private final ChromeDriver driver;

    private HeadlessBrowser(ChromeDriver driver) {
        this.driver = driver;
    }

    public static HeadlessBrowser start() throws IOException {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            RequiredTools.missing("chromium and chromium-driver are not installed (apt-get install -y chromium chromium-driver)");
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // Root in a container has no sandbox to drop into.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1200,1000", "--lang=en");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(PATIENCE);
        Files.createDirectories(SCREENSHOTS);
        return new HeadlessBrowser(driver);
    }

    public ChromeDriver driver() {
        return driver;
    }

    /**
     * Does what takes the browser to another page and waits until that page has loaded: a click
     * returns before the old page is gone, and reading right after it may read the old page.
     */
    public void goingTo(Runnable action) {
        WebElement leaving = driver.findElement(By.tagName("html"));
        action.run();
        await("the old page to go", () -> {
            try {
                leaving.getTagName();
                return false;
            } catch (WebDriverException gone) {
                // Stale, or, in the middle of the swap, Chrome's "Node with given id does not belong
                // to the document": either way the old page's element is no longer there.
                return true;
            }
        });
        await("the new page to load", () -> {
            try {
                return "complete".equals(driver.executeScript("return document.readyState"));
            } catch (WebDriverException notYet) {
                return false; // a script sent while the new document is being set up; ask again
            }
        });
    }

    /** Waits (30 s at most) until {@code condition} holds; the page's scripts and servers run meanwhile. */
    public void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + PATIENCE.toSeconds() + " s for " + what + " at "
                        + driver.getCurrentUrl());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    /** The text of the first element {@code css} selects. */
    public String text(String css) {
        return driver.findElement(By.cssSelector(css)).getText();
    }

    public void screenshot(String name) throws IOException {
        Files.write(SCREENSHOTS.resolve(name + ".png"), driver.getScreenshotAs(OutputType.BYTES));
    }

    @Override
    public void close() {
        driver.quit();
    }
}
