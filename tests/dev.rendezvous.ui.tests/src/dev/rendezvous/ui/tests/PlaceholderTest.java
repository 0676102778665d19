package dev.rendezvous.ui.tests; public class PlaceholderTest { @org.junit.jupiter.api.Test void ok() {} }
