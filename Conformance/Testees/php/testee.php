<?php
// The PHP testee of the RTMWire conformance protocol (Conformance/PROTOCOL.md): Google's pure-PHP
// protobuf runtime (Debian's php-google-protobuf 3.21.12, in /usr/share/php) with protoc's code
// for Schemas/ (generated/, from Scripts/generate-runtimes), binary and proto3 JSON. RTMWire's
// semantic rules are not implemented: validate requests are skipped. Needs no build:
// Scripts/build-testee php prints `php testee.php`.

declare(strict_types=1);

const BINARY = 1, JSON = 2, VALIDATE = 1;
const OK = 0, PARSE_ERROR = 1, SERIALIZE_ERROR = 2, SKIPPED = 3, RUNTIME_ERROR = 4;
const MAX_BODY = 64 << 20;

// No Composer here: Google\Protobuf\ and GPBMetadata\Google\ come from /usr/share/php (Debian),
// Rtmwire\ and GPBMetadata\Rtmwire\ from generated/. Class names map to paths as PSR-4 does.
$runtime = getenv('RTMWIRE_PHP_PROTOBUF') ?: '/usr/share/php';
spl_autoload_register(function (string $class) use ($runtime): void {
    foreach ([[$runtime, ['Google\\Protobuf\\', 'GPBMetadata\\Google\\']],
              [__DIR__ . '/generated', ['Rtmwire\\', 'GPBMetadata\\Rtmwire\\']]] as [$base, $prefixes]) {
        foreach ($prefixes as $prefix) {
            if (strncmp($class, $prefix, strlen($prefix)) === 0) {
                $path = $base . '/' . str_replace('\\', '/', $class) . '.php';
                if (is_file($path)) {
                    require $path;
                }
                return;
            }
        }
    }
});

// Register every schema file in the generated pool, so full names resolve to classes.
foreach (glob(__DIR__ . '/generated/GPBMetadata/Rtmwire/V1/*.php') as $file) {
    ('GPBMetadata\\Rtmwire\\V1\\' . basename($file, '.php'))::initOnce();
}
$pool = \Google\Protobuf\Internal\DescriptorPool::getGeneratedPool();

function answer(string $body, $pool): array
{
    if (strlen($body) < 4 || ord($body[3]) === 0 || strlen($body) < 4 + ord($body[3])) {
        return [RUNTIME_ERROR, 'malformed request'];
    }
    [$source, $target, $flags, $nameLength] = array_map('ord', str_split(substr($body, 0, 4)));
    if (!in_array($source, [BINARY, JSON], true) || !in_array($target, [BINARY, JSON], true)
        || ($flags & ~VALIDATE) !== 0) {
        return [RUNTIME_ERROR, 'unknown format or flag'];
    }
    $descriptor = $pool->getDescriptorByProtoName(substr($body, 4, $nameLength));
    if ($descriptor === null) {
        return [RUNTIME_ERROR, 'unknown message type'];
    }
    if ($flags & VALIDATE) {
        return [SKIPPED, "RTMWire's semantic rules are not implemented"];
    }
    $payload = (string)substr($body, 4 + $nameLength);
    $class = $descriptor->getClass();
    $message = new $class();
    try {
        if ($source === BINARY) {
            $message->mergeFromString($payload);
        } else {
            $message->mergeFromJsonString($payload);
        }
    } catch (\Throwable $error) { // GPBDecodeException, Exception, TypeError, ...
        return [PARSE_ERROR, get_class($error) . ': ' . $error->getMessage()];
    }
    try {
        return [OK, $target === BINARY ? $message->serializeToString() : $message->serializeToJsonString()];
    } catch (\Throwable $error) {
        return [SERIALIZE_ERROR, get_class($error) . ': ' . $error->getMessage()];
    }
}

function readExactly($stream, int $count): ?string
{
    $data = '';
    while (strlen($data) < $count) {
        $chunk = fread($stream, $count - strlen($data));
        if ($chunk === false || $chunk === '') {
            return null;
        }
        $data .= $chunk;
    }
    return $data;
}

$stdin = fopen('php://stdin', 'rb');
$stdout = fopen('php://stdout', 'wb');
while (true) {
    $header = readExactly($stdin, 4);
    if ($header === null) {
        exit(0); // end of file where a request starts (a cut header also ends here)
    }
    $length = unpack('V', $header)[1];
    $body = $length <= MAX_BODY ? readExactly($stdin, $length) : null;
    if ($body === null) {
        exit(2);
    }
    [$status, $output] = answer($body, $pool);
    fwrite($stdout, pack('VC', strlen($output) + 1, $status) . $output);
    fflush($stdout);
}
