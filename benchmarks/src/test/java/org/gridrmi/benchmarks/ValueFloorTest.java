package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gridrmi.benchmarks.values.Shapes;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.junit.jupiter.api.Test;

class ValueFloorTest {
  @Test
  void theFloorsReadMakesAValueEqualToTheOneItWasMadeOf() {
    List<Shapes.Item> items = Shapes.items(1_000);
    assertThat(ValueFloor.of("records", items).read()).isEqualTo(items).isNotSameAs(items);
    HashMap<String, Integer> strings = Shapes.strings(1_000);
    assertThat(ValueFloor.of("strings", strings).read()).isEqualTo(strings).isNotSameAs(strings);
  }

  @Test
  void theFloorsWriteReadsEveryElement() {
    // a sum over the fields: one element changed changes it
    HashMap<String, Integer> strings = Shapes.strings(100);
    long before = ValueFloor.of("strings", strings).write();
    strings.put("key-7", 8);
    assertThat(ValueFloor.of("strings", strings).write()).isEqualTo(before + 1);
  }

  @Test
  void anEmptyStringIsReadAndMadeLikeAnyOther() {
    HashMap<String, Integer> strings = new HashMap<>(Map.of("", 3, "a", 4));
    ValueFloor floor = ValueFloor.of("strings", strings);
    assertThat(floor.write()).isEqualTo(3 + (1 + 'a') + 4);
    assertThat(floor.read()).isEqualTo(strings);
  }

  @Test
  void onlyTheShapesTheGoalNamesHaveAFloor() {
    assertThat(ValueFloor.of("media", Shapes.media(3))).isNull();
    assertThat(ValueFloor.of("doubles", Shapes.doubles(3))).isNull();
  }

  @Test
  void aStringThatIsNotLatin1IsRefusedByName() {
    assertThatThrownBy(() -> ValueFloor.of("strings", Map.of("\u4e2d", 1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("\u4e2d")
        .hasMessageContaining("Latin-1");
  }

  @Test
  void theThroughputReportsTheFloorForTheShapesItIsMeasuredFor() {
    SerialPolicy policy = new SerialPolicy(
        SerialPolicy.Limits.DEFAULT, List.of(Shapes.class.getPackageName() + ".*"));
    ValueThroughput.Result records =
        ValueThroughput.measure("records", () -> Shapes.items(2_000), policy, 1, 3);
    assertThat(records.floorWriteMs()).isPositive();
    assertThat(records.floorReadMs()).isPositive();
    assertThat(records.floorSpeedup()).isPositive();
    ValueThroughput.Result media =
        ValueThroughput.measure("media", () -> Shapes.media(20), policy, 1, 3);
    assertThat(media.floorSpeedup()).isNaN();
  }
}
