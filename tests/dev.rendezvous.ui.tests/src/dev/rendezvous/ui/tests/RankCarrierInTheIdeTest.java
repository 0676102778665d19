package dev.rendezvous.ui.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import dev.rendezvous.core.semantics.World;

/**
 * Inside the workbench (bundles loaded by Equinox, the JVM started as the product starts it, with
 * {@code --add-opens=java.base/java.lang=ALL-UNNAMED}), the ranks of an analysis run still get a carrier thread of their
 * own: the module system treats the bundles' classes as unnamed modules, which that flag opens {@code java.lang} to.
 */
class RankCarrierInTheIdeTest {

    @Test
    void theWorkbenchGivesTheRanksACarrierOfTheirOwn() {
        assertTrue(World.ranksHaveACarrierOfTheirOwn(),
                "the IDE's analyses would run on the JDK's shared scheduler (slower): is --add-opens=java.base/java.lang=ALL-UNNAMED passed?");
    }
}
