using System.Diagnostics;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Copy;

/// <summary>One collection's figures after a copy: the same count and digest on both sides, or the copy failed.</summary>
internal sealed record CopiedFigures(string Collection, long Documents, string Digest);

/// <summary>
/// `docstore copy`: every collection of the source into the destination, each one's count and content digest
/// (<see cref="ContentDigest"/>) taken from what was read and from what the destination holds, compared
/// before the destination is published, so a copy that does not match publishes nothing.
/// </summary>
internal static class CopyRunner
{
    public static (IReadOnlyList<CopiedFigures> Figures, TimeSpan Duration) Run(CopyEnds ends, bool force)
    {
        var clock = Stopwatch.StartNew();
        using var source = ends.OpenSource();
        var collections = source.Collections();
        using var destination = ends.OpenDestination();
        destination.Prepare(collections, force);

        var read = new List<(long Count, string Digest)>();
        foreach (var collection in collections)
        {
            using var digest = new ContentDigest();
            destination.Write(collection, Counted(source.Documents(collection), digest));
            read.Add((digest.Count, digest.Finish()));
        }

        var figures = new List<CopiedFigures>();
        for (var i = 0; i < collections.Count; i++)
        {
            var (count, digest) = ContentDigest.Of(destination.ReadBack(collections[i]));
            if (count != read[i].Count || digest != read[i].Digest)
            {
                throw new CliFailureException($"collection '{collections[i].Name}': {ends.Source} gave {Counts.Of(read[i].Count, "document")} (SHA-256 {read[i].Digest}), but {ends.Destination} holds {count} (SHA-256 {digest}); nothing was copied.");
            }

            figures.Add(new CopiedFigures(collections[i].Name, count, digest));
        }

        destination.Publish();
        return (figures, clock.Elapsed);
    }

    private static IEnumerable<Bson.Model.BsonDocument> Counted(IEnumerable<Bson.Model.BsonDocument> documents, ContentDigest digest)
    {
        foreach (var document in documents)
        {
            digest.Add(document);
            yield return document;
        }
    }
}
