package dev.rendezvous.cli; public final class Placeholder {}
