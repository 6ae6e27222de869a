using DocStore.Bson.Model;

namespace DocStore.Cli.Import;

/// <summary>
/// Reads documents one at a time from a file, so an import holds one document (and a read buffer) in
/// memory whatever the file's size. Malformed input throws <see cref="Hosting.CliFailureException"/>
/// naming the file and the line or byte offset.
/// </summary>
internal interface IDocumentSource : IDisposable
{
    /// <summary>Where the last document returned starts ("line 12", "byte offset 4096"), for errors found when storing it.</summary>
    string Position { get; }

    /// <summary>Bytes of the file consumed so far (for progress).</summary>
    long BytesRead { get; }

    /// <summary>The next document, or null at the end of the file.</summary>
    BsonDocument? Next();
}
