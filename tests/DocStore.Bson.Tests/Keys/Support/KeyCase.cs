using DocStore.Bson.Keys;

namespace DocStore.Bson.Tests.Keys.Support;

internal delegate void WriteComponent<in T>(ref KeyWriter writer, T value, bool descending);

internal delegate T ReadComponent<out T>(ref KeyReader reader, bool descending);

/// <summary>A key type as the tests see it, without its .NET type: used to build composite keys.</summary>
internal interface IKeyCase
{
    string Name { get; }

    object Generate(Random random);

    /// <summary>A value equal to <paramref name="value"/> or close to it, to make ties and near-ties common.</summary>
    object Neighbour(Random random, object value);

    /// <summary>The documented value order.</summary>
    int Compare(object left, object right);

    void Write(ref KeyWriter writer, object value, bool descending);

    /// <summary>Reads a component back, with the reader that fits <paramref name="original"/>.</summary>
    object Read(ref KeyReader reader, bool descending, object original);

    /// <summary>Whether <paramref name="decoded"/> is the documented round trip of <paramref name="original"/>.</summary>
    bool RoundTrips(object original, object decoded);

    string Format(object value);
}

/// <summary>One key type: an edge-heavy generator, the documented order, the writer and reader calls, and the round-trip rule.</summary>
internal sealed class KeyCase<T> : IKeyCase
    where T : notnull
{
    public required string Name { get; init; }

    public required Func<Random, T> Generate { get; init; }

    /// <summary>Defaults to a fresh value; types with interesting near-ties override it.</summary>
    public Func<Random, T, T>? Neighbour { get; init; }

    public required Comparison<T> Order { get; init; }

    public required WriteComponent<T> Write { get; init; }

    public required ReadComponent<T> Read { get; init; }

    /// <summary>When set, the reader to decode a given original with (a value that knows its own .NET type).</summary>
    public Func<T, ReadComponent<T>>? ReadLike { get; init; }

    /// <summary>Defaults to <see cref="EqualityComparer{T}.Default"/>.</summary>
    public Func<T, T, bool>? RoundTrips { get; init; }

    public Func<T, string>? Format { get; init; }

    public T NextNeighbour(Random random, T value) => Neighbour is null ? Generate(random) : Neighbour(random, value);

    public byte[] Encode(T value, bool descending)
    {
        var buffer = new byte[4096];
        var writer = new KeyWriter(buffer);
        Write(ref writer, value, descending);
        return writer.WrittenSpan.ToArray();
    }

    public T Decode(byte[] key, bool descending, T original)
    {
        var reader = new KeyReader(key);
        var read = ReadLike is null ? Read : ReadLike(original);
        var value = read(ref reader, descending);
        reader.ExpectEnd();
        return value;
    }

    public bool IsRoundTrip(T original, T decoded) =>
        RoundTrips is null ? EqualityComparer<T>.Default.Equals(original, decoded) : RoundTrips(original, decoded);

    public string Describe(T value) => Format is null ? $"{value}" : Format(value);

    object IKeyCase.Generate(Random random) => Generate(random);

    object IKeyCase.Neighbour(Random random, object value) => NextNeighbour(random, (T)value);

    int IKeyCase.Compare(object left, object right) => Order((T)left, (T)right);

    void IKeyCase.Write(ref KeyWriter writer, object value, bool descending) => Write(ref writer, (T)value, descending);

    object IKeyCase.Read(ref KeyReader reader, bool descending, object original) =>
        (ReadLike is null ? Read : ReadLike((T)original))(ref reader, descending);

    bool IKeyCase.RoundTrips(object original, object decoded) => IsRoundTrip((T)original, (T)decoded);

    string IKeyCase.Format(object value) => Describe((T)value);
}
