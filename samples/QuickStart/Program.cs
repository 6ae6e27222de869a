using DocStore.Bson;

// The quick-start sample grows with the product: today it exercises the C-BSON value types that the
// engine stores. Run it with: dotnet run --project samples/QuickStart
var id = ObjectId.NewObjectId();
Console.WriteLine($"New ObjectId: {id} (created {id.CreationTime:O})");

var price = 19.990m;
var stored = Decimal128.FromDecimal(price);
Console.WriteLine($"decimal {price} -> decimal128 bits {stored.HighBits:X16}{stored.LowBits:X16} -> {stored.ToDecimal()}");
