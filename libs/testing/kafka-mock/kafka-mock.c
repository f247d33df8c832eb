/*
 * kafka-mock: a one-broker Kafka for tests, without Docker or a JVM.
 *
 * It runs librdkafka's built-in mock cluster (rdkafka_mock.h), pre-creates topics through the
 * mock's own API (the mock's controller id is 0, which no broker has, so admin CreateTopics fails
 * against it), prints "BOOTSTRAP host:port" once ready, and exits when stdin reaches EOF (the
 * parent died or closed the pipe) or on SIGTERM/SIGINT, so a crashed test run leaves nothing behind.
 *
 * Usage: kafka-mock [--port N] [--topics-file FILE] [--ignore-stdin] [name:partitions ...]
 *   --port N        the broker listens on 127.0.0.1:N (bind() below rewrites the mock's port 0)
 *   --topics-file   one "name:partitions" (or "name") per line; blank lines and # comments ignored
 *   --ignore-stdin  do not exit on stdin EOF (for running by hand in the background)
 * While running, a stdin line "TOPIC name:partitions" creates a topic and answers
 * "CREATED name" or "ERROR name <reason>" on stdout.
 *
 * Build: gcc -O2 -rdynamic kafka-mock.c -o kafka-mock -lrdkafka -ldl -lpthread
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

#define DEFAULT_PARTITIONS 4

static int fixed_port = 0; /* 0: let the kernel choose, as the mock does */
static volatile sig_atomic_t stopping = 0;

/*
 * The mock binds each broker's listener to 127.0.0.1:0. With -rdynamic this definition is in the
 * executable's dynamic symbol table, so librdkafka's call resolves here first; we substitute the
 * requested port for the first loopback listener and pass everything else through untouched.
 */
int bind(int fd, const struct sockaddr *addr, socklen_t len) {
  static int (*real_bind)(int, const struct sockaddr *, socklen_t) = NULL;
  if (!real_bind) {
    real_bind = (int (*)(int, const struct sockaddr *, socklen_t))dlsym(RTLD_NEXT, "bind");
  }
  if (fixed_port > 0 && addr && addr->sa_family == AF_INET && len >= sizeof(struct sockaddr_in)) {
    struct sockaddr_in sin;
    memcpy(&sin, addr, sizeof(sin));
    if (sin.sin_port == 0 && sin.sin_addr.s_addr == htonl(INADDR_LOOPBACK)) {
      int one = 1;
      sin.sin_port = htons((uint16_t)fixed_port);
      fixed_port = -fixed_port; /* one broker, one listener: only the first bind is rewritten */
      setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
      return real_bind(fd, (const struct sockaddr *)&sin, sizeof(sin));
    }
  }
  return real_bind(fd, addr, len);
}

static void on_signal(int sig) {
  (void)sig;
  stopping = 1;
}

/* Parses "name[:partitions]" in place and creates the topic. Returns 0 on success. */
static int create_topic(rd_kafka_mock_cluster_t *mc, char *spec, const char **why) {
  char *colon = strrchr(spec, ':');
  int partitions = DEFAULT_PARTITIONS;
  if (colon) {
    char *end = NULL;
    long n = strtol(colon + 1, &end, 10);
    if (end == colon + 1 || *end != '\0' || n < 1 || n > 10000) {
      *why = "bad partition count";
      return -1;
    }
    partitions = (int)n;
    *colon = '\0';
  }
  if (*spec == '\0') {
    *why = "empty topic name";
    return -1;
  }
  rd_kafka_resp_err_t err = rd_kafka_mock_topic_create(mc, spec, partitions, 1);
  if (err) {
    *why = rd_kafka_err2str(err);
    return -1;
  }
  return 0;
}

static char *trim(char *s) {
  while (*s == ' ' || *s == '\t') s++;
  size_t n = strlen(s);
  while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t')) {
    s[--n] = '\0';
  }
  return s;
}

/* The topics to create at start, from the arguments and --topics-file. */
static char **specs = NULL;
static size_t spec_count = 0;

static void add_spec(const char *spec) {
  specs = realloc(specs, (spec_count + 1) * sizeof(*specs));
  if (!specs) {
    perror("kafka-mock");
    exit(1);
  }
  specs[spec_count++] = strdup(spec);
}

static int read_topics_file(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "kafka-mock: cannot open %s: %s\n", path, strerror(errno));
    return -1;
  }
  char line[1024];
  while (fgets(line, sizeof(line), f)) {
    char *spec = trim(line);
    if (*spec != '\0' && *spec != '#') add_spec(spec);
  }
  fclose(f);
  return 0;
}

/*
 * In librdkafka 2.0.2 the mock thread serves its op queue (topic creation included) only when its
 * poll() wakes: on a timer tick, about once a second, or on socket activity. So while creating, a
 * helper thread opens and closes a connection to the broker every few ms: 100 topics then take
 * about 5 ms instead of 280 ms each.
 */
static volatile int poking = 0;

static void *poke_broker(void *arg) {
  struct sockaddr_in to = *(struct sockaddr_in *)arg;
  while (poking) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd >= 0) {
      connect(fd, (struct sockaddr *)&to, sizeof(to));
      close(fd);
    }
    usleep(2000);
  }
  return NULL;
}

static pthread_t poker;
static struct sockaddr_in broker_addr;

static void start_poking(rd_kafka_mock_cluster_t *mc) {
  const char *bootstrap = rd_kafka_mock_cluster_bootstraps(mc); /* "127.0.0.1:port" */
  const char *colon = strrchr(bootstrap, ':');
  memset(&broker_addr, 0, sizeof(broker_addr));
  broker_addr.sin_family = AF_INET;
  broker_addr.sin_port = htons((uint16_t)atoi(colon ? colon + 1 : "0"));
  broker_addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  poking = 1;
  if (pthread_create(&poker, NULL, poke_broker, &broker_addr) != 0) poking = 0; /* slow, still right */
}

static void stop_poking(void) {
  if (!poking) return;
  poking = 0;
  pthread_join(poker, NULL);
}

static int create_all(rd_kafka_mock_cluster_t *mc) {
  int rc = 0;
  start_poking(mc);
  for (size_t i = 0; i < spec_count && rc == 0; i++) {
    char original[1024];
    const char *why = NULL;
    snprintf(original, sizeof(original), "%s", specs[i]);
    if (create_topic(mc, specs[i], &why) != 0) {
      fprintf(stderr, "kafka-mock: topic %s: %s\n", original, why);
      rc = 1;
    }
  }
  stop_poking();
  return rc;
}

/* Handles one stdin command line; unknown lines are ignored so a stray newline is harmless. */
static void handle_command(rd_kafka_mock_cluster_t *mc, char *line) {
  char *cmd = trim(line);
  if (strncmp(cmd, "TOPIC ", 6) != 0) return;
  char *spec = trim(cmd + 6);
  char name[1024];
  const char *why = NULL;
  snprintf(name, sizeof(name), "%s", spec);
  char *colon = strrchr(name, ':');
  if (colon) *colon = '\0';
  start_poking(mc);
  int rc = create_topic(mc, spec, &why);
  stop_poking();
  if (rc == 0) {
    printf("CREATED %s\n", name);
  } else {
    printf("ERROR %s %s\n", name, why);
  }
  fflush(stdout);
}

/* Waits for EOF on stdin or a signal, serving TOPIC commands meanwhile. */
static void serve(rd_kafka_mock_cluster_t *mc, int watch_stdin) {
  char buf[4096];
  size_t used = 0;
  while (!stopping) {
    /* A bounded wait: a signal landing between the check above and poll() is seen within 200 ms. */
    if (!watch_stdin) {
      poll(NULL, 0, 200);
      continue;
    }
    struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
    int r = poll(&p, 1, 200);
    if (r == 0) continue;
    if (r < 0) {
      if (errno == EINTR) continue;
      return;
    }
    ssize_t n = read(STDIN_FILENO, buf + used, sizeof(buf) - 1 - used);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) return; /* EOF: whoever started us is gone */
    used += (size_t)n;
    buf[used] = '\0';
    char *nl;
    while ((nl = strchr(buf, '\n')) != NULL) {
      *nl = '\0';
      handle_command(mc, buf);
      used -= (size_t)(nl + 1 - buf);
      memmove(buf, nl + 1, used + 1);
    }
    if (used == sizeof(buf) - 1) used = 0; /* an absurd line: drop it */
  }
}

int main(int argc, char **argv) {
  const char *topics_file = NULL;
  int watch_stdin = 1;
  int first_topic = argc;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--port") == 0 && i + 1 < argc) {
      fixed_port = atoi(argv[++i]);
      if (fixed_port <= 0 || fixed_port > 65535) {
        fprintf(stderr, "kafka-mock: bad --port %s\n", argv[i]);
        return 2;
      }
    } else if (strcmp(argv[i], "--topics-file") == 0 && i + 1 < argc) {
      topics_file = argv[++i];
    } else if (strcmp(argv[i], "--ignore-stdin") == 0) {
      watch_stdin = 0;
    } else {
      first_topic = i;
      break;
    }
  }

  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sa.sa_handler = on_signal; /* no SA_RESTART: poll()/pause() return EINTR and we leave the loop */
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);

  char errstr[512];
  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  rd_kafka_conf_set(conf, "log_level", "3", errstr, sizeof(errstr));
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof(errstr));
  if (!rk) {
    fprintf(stderr, "kafka-mock: rd_kafka_new: %s\n", errstr);
    return 1;
  }
  rd_kafka_mock_cluster_t *mc = rd_kafka_mock_cluster_new(rk, 1);
  if (!mc) {
    fprintf(stderr, "kafka-mock: cannot start the mock cluster (port %d in use?)\n", abs(fixed_port));
    rd_kafka_destroy(rk);
    return 1;
  }

  int rc = 0;
  if (topics_file && read_topics_file(topics_file) != 0) rc = 1;
  for (int i = first_topic; i < argc; i++) add_spec(argv[i]);
  if (rc == 0) rc = create_all(mc);

  if (rc == 0) {
    printf("BOOTSTRAP %s\n", rd_kafka_mock_cluster_bootstraps(mc));
    fflush(stdout);
    serve(mc, watch_stdin);
  }

  /* No orderly destroy: it takes about a second with topics, and the kernel frees sockets and
   * memory of a throwaway broker just as well. */
  fflush(stdout);
  _exit(rc);
}
