using DocStore.Generators.RuntimeTests.Infrastructure;
using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.RoundTrip;

/// <summary>Sequences decode at exactly their stored length, whatever their shape (the generated readers count the elements before allocating).</summary>
public class SequenceSizingTests
{
    [Fact]
    public void Jagged_nullable_set_and_empty_sequences_round_trip_with_their_exact_lengths()
    {
        var original = new Shelf
        {
            Id = 1,
            Grid = [[1, 2, 3], [], [int.MinValue]],
            Labels = ["a", null, "", "d", "e", "f", "g", "h", "i"],
            Counts = [null, 0, long.MaxValue],
            Rows = [["x"], [], ["y", "z"]],
            Set = ["p", "q", "r", "s", "t"],
            Empty = [],
        };

        var copy = Bytes.RoundTrip(ShelfCollection.DocumentModel, original);

        Assert.Equal(original.Grid.Length, copy.Grid.Length);
        for (var i = 0; i < original.Grid.Length; i++)
        {
            Assert.Equal(original.Grid[i], copy.Grid[i]);
        }

        Assert.Equal(original.Labels, copy.Labels);
        Assert.Equal(original.Counts, copy.Counts);
        Assert.Equal(original.Rows.Count, copy.Rows.Count);
        for (var i = 0; i < original.Rows.Count; i++)
        {
            Assert.Equal(original.Rows[i], copy.Rows[i]);
        }

        Assert.True(original.Set.SetEquals(copy.Set));
        Assert.Empty(copy.Empty);
    }

    [Fact]
    public void A_sequence_of_many_elements_decodes_every_one_in_order()
    {
        var original = new Shelf { Id = 2, Labels = Enumerable.Range(0, 1000).Select(i => i % 7 == 0 ? null : "label " + i).ToArray() };

        var copy = Bytes.RoundTrip(ShelfCollection.DocumentModel, original);

        Assert.Equal(original.Labels, copy.Labels);
    }
}
