using DocStore.Bson.Model;

namespace DocStore.Cli.Export;

/// <summary>Writes documents one at a time to a stream in one file format.</summary>
internal interface IDocumentSink : IDisposable
{
    void Write(BsonDocument document);

    /// <summary>Writes what closes the file (a JSON array's bracket) and flushes.</summary>
    void Complete();
}
