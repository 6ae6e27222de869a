using System.Buffers;
using DocStore.Bson;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Infrastructure;

/// <summary>Serialization through a generated model, outside any collection.</summary>
internal static class Bytes
{
    public static byte[] Write<T>(IDocumentSerializer<T> serializer, T document, IFieldDictionary fields)
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new CBsonWriter(buffer);
        serializer.Write(ref writer, document, fields);
        return buffer.WrittenSpan.ToArray();
    }

    public static T RoundTrip<T>(IDocumentSerializer<T> serializer, T document)
    {
        var fields = new FieldDictionary();
        return serializer.Read(Write(serializer, document, fields), fields);
    }

    public static List<byte[]> IndexKeys<T, TKey>(ICollectionModel<T, TKey> model, int index, T document)
        where TKey : notnull
    {
        var sink = new IndexKeySink();
        model.AppendIndexKeys(index, document, sink);
        return [.. sink.Keys];
    }

    public static List<byte[]> StoredIndexKeys<T, TKey>(ICollectionModel<T, TKey> model, int index, byte[] document, IFieldDictionary fields)
        where TKey : notnull
    {
        var sink = new IndexKeySink();
        model.AppendIndexKeys(index, document, fields, sink);
        return [.. sink.Keys];
    }
}
