package dev.rendezvous.cli;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reads a Java source file as javac would on most machines: UTF-8, and when the bytes are not valid
 * UTF-8 (sources written on Windows in Latin-1 or CP-1252, comments with accents), as ISO-8859-1, which
 * maps every byte to a character. Code is ASCII either way, so the analysis sees the same program.
 */
final class SourceText {
    private SourceText() {}

    static String read(Path p) throws IOException {
        byte[] bytes = Files.readAllBytes(p);
        try {
            return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }
}
