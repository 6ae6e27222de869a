using System.Security.Cryptography;
using System.Text;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Cli.Copy;

/// <summary>
/// A collection's count and content digest: SHA-256 over its documents in key order, each as canonical
/// Extended JSON and a line feed, with every document's fields sorted by name (ordinal) and every integer as
/// the narrowest of int32 and int64 that holds it. Those two are left out because PostgreSQL's jsonb keeps
/// neither field order nor integer width; every value itself counts, byte for byte in its canonical form.
/// </summary>
internal sealed class ContentDigest : IDisposable
{
    private readonly IncrementalHash _hash = IncrementalHash.CreateHash(HashAlgorithmName.SHA256);

    public long Count { get; private set; }

    public void Add(BsonDocument document)
    {
        _hash.AppendData(Encoding.UTF8.GetBytes(ExtendedJson.ToJson(Normal(document), ExtendedJsonMode.Canonical)));
        _hash.AppendData("\n"u8);
        Count++;
    }

    /// <summary>The digest as lower-case hex.</summary>
    public string Finish() => Convert.ToHexStringLower(_hash.GetHashAndReset());

    public void Dispose() => _hash.Dispose();

    /// <summary>The digest of <paramref name="documents"/>.</summary>
    public static (long Count, string Digest) Of(IEnumerable<BsonDocument> documents)
    {
        using var digest = new ContentDigest();
        foreach (var document in documents)
        {
            digest.Add(document);
        }

        return (digest.Count, digest.Finish());
    }

    private static BsonValue Normal(BsonValue value) => value switch
    {
        BsonDocument document => new BsonDocument(document.OrderBy(e => e.Name, StringComparer.Ordinal).Select(e => new BsonElement(e.Name, Normal(e.Value)))),
        BsonArray array => new BsonArray(array.Select(Normal)),
        BsonInt64 l when l.Value is >= int.MinValue and <= int.MaxValue => BsonInt32.Create((int)l.Value),
        _ => value,
    };
}
