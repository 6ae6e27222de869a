using System.Buffers;
using System.Text.Json;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Metadata;
using DocStore.Tests.Support;

namespace DocStore.Generators.RuntimeTests.RoundTrip;

/// <summary>
/// The generated JSON reader collects a sequence whose length it learns only at the array's end: every length
/// (within the builder's inline room, at its edge, spilled and grown) reads back in order, and reading an array
/// allocates the array and its elements, nothing to collect them in.
/// </summary>
public class JsonSequenceReadTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(8)]
    [InlineData(9)]
    [InlineData(16)]
    [InlineData(17)]
    [InlineData(1000)]
    public void Arrays_and_lists_of_every_length_read_back_in_order(int length)
    {
        var original = new Shelf
        {
            Id = 3,
            Grid = [.. Enumerable.Range(0, length).Select(i => Enumerable.Range(i, i % 11).ToArray())],
            Labels = [.. Enumerable.Range(0, length).Select(i => i % 5 == 0 ? null : "label " + i)],
            Counts = [.. Enumerable.Range(0, length).Select(i => i % 3 == 0 ? (long?)null : (long)i << 40)],
            Rows = [.. Enumerable.Range(0, length).Select(i => Enumerable.Range(0, i % 10).Select(j => $"{i}.{j}").ToList())],
            Set = [.. Enumerable.Range(0, length).Select(i => "s" + i)],
            Empty = [.. Enumerable.Range(0, length).Select(i => i / 4.0)],
        };

        var copy = Read<Shelf>(ShelfCollection.DocumentModel, Write(ShelfCollection.DocumentModel, original));

        Assert.Equal(original.Grid, copy.Grid);
        Assert.Equal(original.Labels, copy.Labels);
        Assert.Equal(original.Counts, copy.Counts);
        Assert.Equal(original.Rows, copy.Rows);
        Assert.True(original.Set.SetEquals(copy.Set));
        Assert.Equal(original.Empty, copy.Empty);
        Assert.Equal(length, copy.Rows.Capacity);
    }

    [Fact]
    public void Reading_an_array_allocates_the_array_and_its_elements_alone()
    {
        var json = ScholarCollection.DocumentModel as IJsonDocumentSerializer<Scholar>;
        Assert.NotNull(json);
        byte[] none = """{"Id": 1, "Tags": []}"""u8.ToArray();
        byte[] three = """{"Id": 1, "Tags": ["a1", "b2", "c3"]}"""u8.ToArray();

        long withNone = AllocationProbe.Least(() => json.ReadJson(none));
        long withThree = AllocationProbe.Least(() => json.ReadJson(three));
        long strings = AllocationProbe.Least(() => new string('a', 2));
        long array = AllocationProbe.Least(() => new string[3]);

        Assert.Equal((3 * strings) + array, withThree - withNone);
    }

    private static byte[] Write<T, TKey>(ICollectionModel<T, TKey> model, T document)
        where TKey : notnull
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer))
        {
            Assert.IsAssignableFrom<IJsonDocumentSerializer<T>>(model).WriteJson(writer, document);
        }

        return buffer.WrittenSpan.ToArray();
    }

    private static T Read<T>(object model, byte[] utf8Json) => Assert.IsAssignableFrom<IJsonDocumentSerializer<T>>(model).ReadJson(utf8Json);
}
