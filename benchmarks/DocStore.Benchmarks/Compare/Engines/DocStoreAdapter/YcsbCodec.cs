using System.Buffers;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Bson;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>A YCSB record as a C-BSON document of ten string fields <c>field0</c>..<c>field9</c>.</summary>
internal sealed class YcsbCodec
{
    private readonly ushort[] _fieldIds = new ushort[YcsbRecord.FieldCount];

    public YcsbCodec(FieldDictionary fields)
    {
        for (var i = 0; i < _fieldIds.Length; i++)
        {
            _fieldIds[i] = fields.GetOrAdd("field" + i.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }
    }

    public void Write(YcsbRecord record, IBufferWriter<byte> output)
    {
        var writer = new CBsonWriter(output);
        writer.WriteStartDocument();
        for (var i = 0; i < _fieldIds.Length; i++)
        {
            writer.WriteString(_fieldIds[i], record.Fields[i]);
        }

        writer.WriteEndDocument();
    }

    public void Read(ReadOnlySpan<byte> document, YcsbRecord into)
    {
        var reader = new CBsonReader(document);
        while (reader.Read())
        {
            var index = Array.IndexOf(_fieldIds, reader.FieldId);
            if (index >= 0)
            {
                into.Fields[index] = reader.GetString();
            }
        }
    }
}
