package dev.rendezvous.core.tests; public class PlaceholderTest { @org.junit.jupiter.api.Test void ok() {} }
