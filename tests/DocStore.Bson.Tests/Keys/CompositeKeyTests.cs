using DocStore.Bson.Keys;
using DocStore.Bson.Tests.Keys.Support;

namespace DocStore.Bson.Tests.Keys;

public class CompositeKeyTests
{
    [Fact]
    public void Composite_keys_sort_component_by_component_with_per_component_direction_and_round_trip()
    {
        var random = new Random(1001);
        for (var schemaIndex = 0; schemaIndex < 250; schemaIndex++)
        {
            var schema = RandomSchema(random);
            for (var i = 0; i < 50; i++)
            {
                var left = schema.Select(c => c.Case.Generate(random)).ToArray();
                var right = Related(random, schema, left);
                var leftKey = Encode(schema, left);
                var rightKey = Encode(schema, right);

                var expected = Math.Sign(NaturalCompare(schema, left, right));
                var actual = Math.Sign(leftKey.AsSpan().SequenceCompareTo(rightKey));
                if (expected != actual)
                {
                    Assert.Fail($"{Describe(schema, left)} vs {Describe(schema, right)}: expected {expected}, keys {Convert.ToHexString(leftKey)} vs {Convert.ToHexString(rightKey)} give {actual}");
                }

                var reader = new KeyReader(leftKey);
                for (var c = 0; c < schema.Length; c++)
                {
                    var decoded = schema[c].Case.Read(ref reader, schema[c].Descending, left[c]);
                    if (!schema[c].Case.RoundTrips(left[c], decoded))
                    {
                        Assert.Fail($"component {c} of {Describe(schema, left)} decoded as {schema[c].Case.Format(decoded)}");
                    }
                }

                reader.ExpectEnd();
            }
        }
    }

    [Fact]
    public void A_key_with_fewer_components_sorts_before_its_extensions_in_either_direction()
    {
        var random = new Random(1002);
        for (var i = 0; i < 2_000; i++)
        {
            var schema = RandomSchema(random);
            var values = schema.Select(c => c.Case.Generate(random)).ToArray();
            var full = Encode(schema, values);
            var shorter = Encode(schema[..^1], values[..^1]);
            Assert.True(shorter.AsSpan().SequenceCompareTo(full) < 0);
            Assert.True(full.AsSpan().StartsWith(shorter));
        }
    }

    [Fact]
    public void Skip_moves_over_any_component_to_reach_the_next()
    {
        var random = new Random(1003);
        for (var i = 0; i < 2_000; i++)
        {
            var schema = RandomSchema(random);
            var values = schema.Select(c => c.Case.Generate(random)).ToArray();
            var key = Encode(schema, values);
            var reader = new KeyReader(key);
            for (var c = 0; c < schema.Length - 1; c++)
            {
                Assert.Equal(schema[c].Descending, reader.PeekIsDescending());
                reader.Skip();
            }

            Assert.Equal(schema.Length - 1, reader.ComponentsRead);
            var last = schema[^1];
            Assert.True(last.Case.RoundTrips(values[^1], last.Case.Read(ref reader, last.Descending, values[^1])));
            Assert.True(reader.IsEnd);
        }
    }

    [Fact]
    public void A_non_unique_index_entry_is_the_index_key_then_the_primary_key()
    {
        var key = TestKeys.Encode((ref w) =>
        {
            w.WriteString("Lovelace");
            w.WriteInt32(36, descending: true);
            w.WriteObjectId(ObjectId.Parse("56e1fc72e0c917e9c4714161"));
        });
        Assert.Equal("204C6F76656C6163650000" + "EF7EDB" + "4056E1FC72E0C917E9C4714161", Convert.ToHexString(key));

        var reader = new KeyReader(key);
        Assert.Equal(KeyType.String, reader.Skip());
        Assert.Equal(KeyType.Integer, reader.Skip());
        Assert.Equal(key.Length - 13, reader.Position);
        Assert.Equal(13, reader.Remaining.Length);
        Assert.Equal(ObjectId.Parse("56e1fc72e0c917e9c4714161"), reader.ReadObjectId());
    }

    internal static (IKeyCase Case, bool Descending)[] RandomSchema(Random random)
    {
        var schema = new (IKeyCase, bool)[random.Next(1, 5)];
        for (var i = 0; i < schema.Length; i++)
        {
            schema[i] = (KeyCases.Composable[random.Next(KeyCases.Composable.Length)], random.Next(2) == 0);
        }

        return schema;
    }

    internal static byte[] Encode((IKeyCase Case, bool Descending)[] schema, object[] values) => TestKeys.Encode((ref w) =>
    {
        for (var i = 0; i < schema.Length; i++)
        {
            schema[i].Case.Write(ref w, values[i], schema[i].Descending);
        }
    });

    /// <summary>Shares a random number of leading components (so later components decide), then a neighbour or fresh values.</summary>
    private static object[] Related(Random random, (IKeyCase Case, bool Descending)[] schema, object[] values)
    {
        var shared = random.Next(schema.Length + 1);
        var related = new object[schema.Length];
        for (var i = 0; i < schema.Length; i++)
        {
            related[i] = i < shared ? values[i] : random.Next(2) == 0 ? schema[i].Case.Neighbour(random, values[i]) : schema[i].Case.Generate(random);
        }

        return related;
    }

    private static int NaturalCompare((IKeyCase Case, bool Descending)[] schema, object[] left, object[] right)
    {
        for (var i = 0; i < schema.Length; i++)
        {
            var c = schema[i].Case.Compare(left[i], right[i]);
            if (c != 0)
            {
                return schema[i].Descending ? -c : c;
            }
        }

        return 0;
    }

    private static string Describe((IKeyCase Case, bool Descending)[] schema, object[] values) =>
        "(" + string.Join(", ", schema.Select((c, i) => $"{c.Case.Name}{(c.Descending ? " desc" : "")} {c.Case.Format(values[i])}")) + ")";
}
