package org.gridrmi.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The grid secret's file: made once, its owner's only, refused when others may read it or it holds no secret. */
class GridSecretTest {
  @TempDir
  Path dir;

  @Test
  void madeOnFirstUseReadableByItsOwnerOnlyInADirectoryOfItsOwnerOnly() throws Exception {
    Path file = dir.resolve("config/gridrmi/secret");
    GridSecret made = GridSecret.readOrCreate(file);
    assertThat(made.file()).isEqualTo(file);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
        .isEqualTo("rwx------");
    String text = Files.readString(file, StandardCharsets.US_ASCII);
    assertThat(text).matches("[0-9a-f]{64}\n");
    assertThat(Files.list(file.getParent())).as("no temporary file left").containsExactly(file);
    byte[] nonce = new byte[32];
    assertThat(GridSecret.readOrCreate(file).mac(nonce))
        .as("the second use reads the same secret")
        .isEqualTo(made.mac(nonce));
    assertThat(made.toString()).doesNotContain(text.strip());
  }

  @Test
  void programsStartingTogetherAllGetTheOneSecretThatWasMadeFirst() throws Exception {
    Path file = dir.resolve("secret");
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Callable<String>> tasks = new ArrayList<>();
      for (int i = 0; i < 16; i++) {
        tasks.add(() ->
            java.util.HexFormat.of().formatHex(GridSecret.readOrCreate(file).mac()));
      }
      Set<String> seen = new HashSet<>();
      for (Future<String> f : pool.invokeAll(tasks)) seen.add(f.get());
      assertThat(seen).hasSize(1);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aFileOthersMayReadIsRefusedNamingTheFileAndTheFix() throws Exception {
    Path file = dir.resolve("secret");
    GridSecret.create(file);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
    assertThatThrownBy(() -> GridSecret.read(file))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining(file.toString())
        .hasMessageContaining("chmod 600");
  }

  @Test
  void aFileOfTheWrongLengthOrNotHexIsRefusedNamingTheFileAndTheFix() throws Exception {
    for (String content : List.of("abcd\n", "z".repeat(64), "ab".repeat(33), "")) {
      Path file = dir.resolve("secret-" + content.length());
      Files.createFile(
          file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Files.writeString(file, content);
      assertThatThrownBy(() -> GridSecret.read(file))
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
          .hasMessageContaining(file.toString())
          .hasMessageContaining("64 hex digits");
    }
  }

  @Test
  void aFileNamedExplicitlyMustExist() {
    Path file = dir.resolve("typo");
    assertThatThrownBy(() -> GridSecret.read(file))
        .isInstanceOf(GridException.class)
        .hasMessageContaining(file.toString())
        .hasMessageContaining("does not exist");
    assertThat(file).doesNotExist();
  }

  @Test
  void aSecretAShellScriptWroteIsRead() throws Exception {
    Path file = dir.resolve("job-secret");
    Files.createFile(
        file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("r--------")));
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    Files.writeString(file, "00".repeat(31) + "FF");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--------"));
    assertThat(GridSecret.read(file).file()).isEqualTo(file);
  }
}
