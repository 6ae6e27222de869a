using System.Buffers;
using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Bson.Keys;

// The quick-start sample grows with the product. Today it shows the C-BSON layer that every stored
// document goes through: write a document with field ids, read one field without decoding the rest,
// export it as Extended JSON, and encode an index key. Run: dotnet run --project samples/QuickStart
var names = new FieldDictionary();
ushort id = names.GetOrAdd("_id"), email = names.GetOrAdd("email"), age = names.GetOrAdd("age"),
    address = names.GetOrAdd("address"), city = names.GetOrAdd("city"), tags = names.GetOrAdd("tags"),
    joined = names.GetOrAdd("joined"), balance = names.GetOrAdd("balance");

var output = new ArrayBufferWriter<byte>();
var writer = new CBsonWriter(output);
writer.WriteStartDocument();
writer.WriteObjectId(id, ObjectId.NewObjectId());
writer.WriteString(email, "ada@example.org");
writer.WriteInt32(age, 36);
writer.WriteStartDocument(address);
writer.WriteString(city, "London");
writer.WriteEndDocument();
writer.WriteStartArray(tags);
writer.WriteString("math");
writer.WriteString("engines");
writer.WriteEndArray();
writer.WriteDateTime(joined, new DateTime(1833, 6, 5, 12, 0, 0, DateTimeKind.Local).AddTicks(1));
writer.WriteDecimal(balance, 1234.50m);
writer.WriteEndDocument();
var stored = output.WrittenSpan.ToArray();
Console.WriteLine($"C-BSON document: {stored.Length} bytes");

var reader = new CBsonReader(stored);
if (reader.TryFindField(age))
{
    Console.WriteLine($"age read in place: {reader.GetInt32()}");
}

Console.WriteLine("Extended JSON (relaxed):");
Console.WriteLine(CBsonDocumentConverter.ToExtendedJson(stored, names, ExtendedJsonMode.Relaxed));

Span<byte> key = stackalloc byte[64];
var keyWriter = new KeyWriter(key);
keyWriter.WriteString("London");
keyWriter.WriteInt32(36, descending: true);
Console.WriteLine($"Index key (City asc, Age desc): {Convert.ToHexString(key[..keyWriter.BytesWritten])}");
