namespace DocStore.Bson.Tests.Keys.Support;

/// <summary>
/// The property every key type must have: for many seeded random pairs, in both directions, the sign of
/// the byte comparison of the encodings is the sign of the documented value order (reversed when
/// descending), and decoding gives back the value (or its documented normal form).
/// </summary>
internal static class OrderProperty
{
    public const int Pairs = 10_000;

    public static void Check<T>(KeyCase<T> keyCase, int seed, int pairs = Pairs)
        where T : notnull
    {
        var random = new Random(seed);
        for (var i = 0; i < pairs; i++)
        {
            var left = keyCase.Generate(random);
            var right = random.Next(4) == 0 ? keyCase.NextNeighbour(random, left) : keyCase.Generate(random);
            foreach (var descending in new[] { false, true })
            {
                var leftKey = keyCase.Encode(left, descending);
                var rightKey = keyCase.Encode(right, descending);
                var expected = Math.Sign(keyCase.Order(left, right)) * (descending ? -1 : 1);
                var actual = Math.Sign(leftKey.AsSpan().SequenceCompareTo(rightKey));
                if (expected != actual)
                {
                    Assert.Fail($"{keyCase.Name} seed {seed} pair {i} descending={descending}: order of {keyCase.Describe(left)} vs {keyCase.Describe(right)} is {expected}, keys {Convert.ToHexString(leftKey)} vs {Convert.ToHexString(rightKey)} compare {actual}");
                }

                var decoded = keyCase.Decode(leftKey, descending, left);
                if (!keyCase.IsRoundTrip(left, decoded))
                {
                    Assert.Fail($"{keyCase.Name} seed {seed} pair {i} descending={descending}: {keyCase.Describe(left)} decoded as {keyCase.Describe(decoded)} from {Convert.ToHexString(leftKey)}");
                }
            }
        }
    }
}
