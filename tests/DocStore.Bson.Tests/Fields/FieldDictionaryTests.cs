using System.Text;

namespace DocStore.Bson.Tests.Fields;

public class FieldDictionaryTests
{
    [Fact]
    public void Ids_are_assigned_sequentially_from_1_and_names_are_case_sensitive()
    {
        var names = new FieldDictionary();
        Assert.Equal(1, names.GetOrAdd("name"));
        Assert.Equal(2, names.GetOrAdd("Name"));
        Assert.Equal(3, names.GetOrAdd("NAME"));
        Assert.Equal(1, names.GetOrAdd("name"));
        Assert.Equal(3, names.Count);
        Assert.Equal("Name", names.GetName(2));
    }

    [Theory]
    [InlineData("a")]
    [InlineData("naïve")]
    [InlineData("中文字段")]
    [InlineData("emoji😀")]
    [InlineData("$dollar.dotted")]
    public void Lookups_by_text_and_by_utf8_bytes_agree(string name)
    {
        var names = new FieldDictionary();
        names.GetOrAdd("other");
        var id = names.GetOrAdd(name);
        Assert.True(names.TryGetId(name, out var byText));
        Assert.True(names.TryGetId(Encoding.UTF8.GetBytes(name), out var byUtf8));
        Assert.Equal(id, byText);
        Assert.Equal(id, byUtf8);
        Assert.True(names.TryGetNameUtf8(id, out var utf8));
        Assert.Equal(Encoding.UTF8.GetBytes(name), utf8.ToArray());
        Assert.True(names.TryGetName(id, out var back));
        Assert.Equal(name, back);
    }

    [Fact]
    public void Long_names_are_found_too()
    {
        var names = new FieldDictionary();
        var longName = new string('é', 1000);
        var id = names.GetOrAdd(longName);
        Assert.True(names.TryGetId(longName, out var found));
        Assert.Equal(id, found);
        Assert.False(names.TryGetId(longName + "x", out _));
    }

    [Fact]
    public void Unknown_names_and_ids_are_not_found()
    {
        var names = new FieldDictionary();
        names.GetOrAdd("a");
        Assert.False(names.TryGetId("b", out var id));
        Assert.Equal(0, id);
        Assert.False(names.TryGetId("b"u8, out _));
        Assert.False(names.TryGetId("\uD800", out _));
        Assert.False(names.TryGetName(2, out _));
        Assert.False(names.TryGetName(0, out _));
        Assert.False(names.TryGetNameUtf8(60_000, out _));
        var error = Assert.Throws<KeyNotFoundException>(() => names.GetName(7));
        Assert.Contains("7", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("")]
    [InlineData("a\0b")]
    [InlineData("surrogate")]
    public void Invalid_names_are_rejected(string name)
    {
        // Test data with a lone surrogate does not survive xunit's serialization, so it is built here.
        name = name == "surrogate" ? "bad" + '\uDC00' + "surrogate" : name;
        var names = new FieldDictionary();
        Assert.Throws<ArgumentException>(() => names.GetOrAdd(name));
        Assert.Empty(names);
    }

    [Fact]
    public void A_full_dictionary_throws_a_clear_error_and_keeps_working_for_known_names()
    {
        var names = new FieldDictionary();
        for (var i = 1; i <= CBsonLimits.MaxFieldId; i++)
        {
            Assert.Equal(i, names.GetOrAdd("f" + i));
        }

        var error = Assert.Throws<FieldDictionaryFullException>(() => names.GetOrAdd("one-too-many"));
        Assert.Equal("one-too-many", error.FieldName);
        Assert.Contains("65534", error.Message, StringComparison.Ordinal);
        Assert.Equal(CBsonLimits.MaxFieldId, names.Count);
        Assert.Equal(12345, names.GetOrAdd("f12345"));
    }

    [Fact]
    public void Built_from_existing_entries_it_keeps_their_ids_and_continues_after_the_largest()
    {
        var names = new FieldDictionary([new FieldDictionaryEntry(7, "seven"), new FieldDictionaryEntry(2, "two")]);
        Assert.Equal(7, names.GetOrAdd("seven"));
        Assert.Equal(2, names.GetOrAdd("two"));
        Assert.Equal(8, names.GetOrAdd("new"));
        Assert.False(names.TryGetName(3, out _));
        Assert.Equal([new(2, "two"), new(7, "seven"), new FieldDictionaryEntry(8, "new")], names.ToArray());
    }

    [Fact]
    public void Enumerated_entries_rebuild_an_identical_dictionary()
    {
        var names = new FieldDictionary();
        foreach (var name in new[] { "b", "a", "c", "ä" })
        {
            names.GetOrAdd(name);
        }

        var copy = new FieldDictionary(names);
        Assert.Equal(names.ToArray(), copy.ToArray());
        Assert.Equal(5, copy.GetOrAdd("next"));
    }

    [Fact]
    public void Duplicate_names_duplicate_ids_and_reserved_ids_are_rejected_when_building()
    {
        Assert.Throws<ArgumentException>(() => new FieldDictionary([new(1, "a"), new(2, "a")]));
        Assert.Throws<ArgumentException>(() => new FieldDictionary([new(1, "a"), new(1, "b")]));
        Assert.Throws<ArgumentException>(() => new FieldDictionary([new(0, "a")]));
        Assert.Throws<ArgumentException>(() => new FieldDictionary([new(65535, "a")]));
        Assert.Throws<ArgumentException>(() => new FieldDictionary([new(3, "")]));
    }

    [Fact]
    public async Task Readers_on_other_threads_always_see_consistent_entries_while_names_are_added()
    {
        var names = new FieldDictionary();
        const int total = 20_000;
        using var stop = new CancellationTokenSource();
        var failures = 0;
        var readers = Enumerable.Range(0, 2).Select(r => Task.Run(() =>
        {
            var random = new Random(r);
            Span<byte> utf8 = stackalloc byte[16];
            while (!stop.IsCancellationRequested)
            {
                var i = random.Next(1, total + 1);
                var name = "field" + i;
                if (names.TryGetId(name, out var id))
                {
                    Encoding.UTF8.TryGetBytes(name, utf8, out var length);
                    if (!names.TryGetName(id, out var back) || back != name || !names.TryGetId(utf8[..length], out var id2) || id2 != id)
                    {
                        Interlocked.Increment(ref failures);
                    }
                }
            }
        })).ToArray();

        for (var i = 1; i <= total; i++)
        {
            Assert.Equal(i, names.GetOrAdd("field" + i));
        }

        stop.Cancel();
        await Task.WhenAll(readers);
        Assert.Equal(0, failures);
        Assert.Equal(total, names.Count);
    }

    [Fact]
    public void Lookups_by_utf8_and_by_text_allocate_nothing()
    {
        var names = new FieldDictionary();
        names.GetOrAdd("customerName");
        names.TryGetId("customerName"u8, out _);
        names.TryGetId("customerName", out _);
        var before = GC.GetAllocatedBytesForCurrentThread();
        var sum = 0;
        for (var i = 0; i < 100; i++)
        {
            names.TryGetId("customerName"u8, out var a);
            names.TryGetId("customerName", out var b);
            names.TryGetNameUtf8(a, out var utf8);
            sum += a + b + utf8.Length;
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
        Assert.Equal(100 * 14, sum);
    }
}
